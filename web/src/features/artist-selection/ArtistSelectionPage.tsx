// Artist selection page frame: title, subtitle, the voting notice and the submission grid area
// (three loading skeletons until the submissions feature fills it).

export function ArtistSelectionPage() {
  return (
    <section className="page" aria-labelledby="artist-selection-title">
      <header className="page-header">
        <p className="eyebrow">Community vote</p>
        <h1 id="artist-selection-title">Artist Selection</h1>
        <p className="lead">
          Vote for the next featured artist. When the current canvas sells out, the submission with the
          highest net score becomes the next artwork on the Tessera canvas.
        </p>
      </header>
      <aside className="notice" aria-label="How voting works">
        <p>
          Upvote the submissions you want to see featured and downvote the ones you don&apos;t. Submissions
          with a net score of -10 or lower are removed automatically.
        </p>
      </aside>
      <div className="submission-grid" aria-busy="true" aria-label="Submissions">
        {[0, 1, 2].map((i) => (
          <div key={i} className="submission-skeleton" aria-hidden="true">
            <div className="skeleton skeleton--square" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        ))}
      </div>
    </section>
  );
}
