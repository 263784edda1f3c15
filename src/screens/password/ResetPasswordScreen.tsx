// SCAFFOLD: replaced by the screens work; exists so the router compiles.
export function ResetPasswordScreen() {
  return <main id="main"><h1>Moori</h1></main>
}
