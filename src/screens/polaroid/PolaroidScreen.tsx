// SCAFFOLD: replaced by the screens work; exists so the router compiles.
export function PolaroidScreen({ overlay }: { overlay: boolean }) {
  return <main id="main"><h1>Moori {overlay ? '' : ''}</h1></main>
}
