/** SPEC.md section 2: the footer exists but is hidden. */
export function AppFooter() {
  return <footer hidden>© {new Date().getFullYear()} QMGT. All rights reserved.</footer>;
}
