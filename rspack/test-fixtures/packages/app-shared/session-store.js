export function session() {
  return { signedIn: false };
}
