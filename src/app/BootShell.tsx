// The app's own "loading" state looks exactly like the static boot shell in index.html (same header
// bar, same spinner, styles inline there), so nothing jumps between the HTML's first paint, the app
// getting ready, and the first screen. A message, when there is one, is shown under the spinner.
export function BootShell({ label = 'Loading Moori', message }: { label?: string; message?: string }) {
  return (
    <>
      <div className="boot-bar">
        <span className="boot-mark" />
        <span className="boot-word">Moori</span>
      </div>
      <div className="boot-body" role="status">
        {message ? (
          <div className="boot-with-message">
            <span className="boot-spin" />
            <p>{message}</p>
          </div>
        ) : (
          <>
            <span className="boot-spin" />
            <span className="visually-hidden">{label}</span>
          </>
        )}
      </div>
    </>
  )
}
