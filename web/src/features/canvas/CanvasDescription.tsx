// The canvas description: over 150 characters it is cut at a word boundary, with Read more / Show less.
import { memo } from 'react';
import { truncateDescription } from '../../canvas-scene/index.js';
import { useDisclosure } from '../../lib/use-disclosure.js';

export const CanvasDescription = memo(function CanvasDescription({ text }: { text: string }) {
  const { open: expanded, panelId, toggleProps } = useDisclosure();
  const short = truncateDescription(text);
  if (!short.text) return null;
  return (
    <p className="canvas-description">
      <span id={panelId}>{expanded || !short.truncated ? text.trim() : short.text}</span>
      {short.truncated && (
        <>
          {' '}
          <button className="canvas-description__toggle" {...toggleProps}>
            {expanded ? 'Show less' : 'Read more'}
          </button>
        </>
      )}
    </p>
  );
});
