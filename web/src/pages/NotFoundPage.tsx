// Shown for addresses that match no page: say so, and offer the way home.
export function NotFoundPage({ what }: { what: string }) {
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p>{what}</p>
      <p>
        <a href="#/">See all labs</a>
      </p>
    </div>
  );
}
