// The canvas description: over 150 characters it is cut at a word boundary, with Read more / Show less.
import { memo, useId, useState } from 'react';
import { truncateDescription } from '../../canvas-scene/index.js';

export const CanvasDescription = memo(function CanvasDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const short = truncateDescription(text);
  if (!short.text) return null;
  return (
    <p className="canvas-description">
      <span id={id}>{expanded || !short.truncated ? text.trim() : short.text}</span>
      {short.truncated && (
        <>
          {' '}
          <button
            type="button"
            className="canvas-description__toggle"
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? 'Show less' : 'Read more'}
          </button>
        </>
      )}
    </p>
  );
});
