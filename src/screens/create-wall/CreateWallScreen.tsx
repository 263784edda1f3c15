// SCAFFOLD: replaced by the screens work; exists so the router compiles.
export function CreateWallScreen() {
  return <main id="main"><h1>Moori</h1></main>
}
