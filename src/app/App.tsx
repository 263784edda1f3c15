// The app shell. Routes, providers and screens arrive with the screens issues.
export function App() {
  return (
    <main>
      <h1>Moori</h1>
      <p>Shared walls of polaroids and cut-out clothing stickers.</p>
    </main>
  )
}
