export function view(...parts) {
  return parts.join(' ');
}
