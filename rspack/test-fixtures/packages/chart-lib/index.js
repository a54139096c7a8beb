export function chart(values) {
  return values.map((value) => '#'.repeat(value)).join('\n');
}
