// "Export GIF": encodes the replay in the browser (gif-export.ts) and downloads it.
import { useState } from 'react';
import type { History } from '@tessera/facts/timelapse';
import { encodeTimelapseGif } from './gif-export.js';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function GifExportButton({ history, fileName }: { history: History; fileName: string }) {
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function exportGif() {
    setError(null);
    setProgress('Encoding...');
    try {
      const bytes = await encodeTimelapseGif(history, {
        onFrame: (done, total) => setProgress(`Encoding frame ${done} of ${total}...`),
        yieldNow: nextTask,
      });
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/gif' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setError('The GIF could not be made. Please try again.');
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void exportGif()}
        disabled={progress !== null || history.times.length === 0}
      >
        {progress ?? 'Export GIF'}
      </button>
      {error && (
        <p role="alert" className="timelapse__error">
          {error}
        </p>
      )}
    </>
  );
}
