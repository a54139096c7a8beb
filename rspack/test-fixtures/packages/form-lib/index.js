export function field(name) {
  return { name, value: '' };
}
