// The Submit Artwork modal's image field: a drop zone that also opens the file picker, then a preview
// of the picked file with Remove. The picked file is checked by the caller (type and size).
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { IMAGE_ACCEPT } from './validation.js';

/** An object URL for a picked file's preview, revoked when the file changes or the field goes away. */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file === null) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export interface ImageDropZoneProps {
  file: File | null;
  error: string | undefined;
  disabled: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

export function ImageDropZone({ file, error, disabled, onPick, onRemove }: ImageDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const previewUrl = useObjectUrl(file);

  const open = () => {
    if (!disabled) inputRef.current?.click();
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onPick(dropped);
  };

  return (
    <div className={`field image-field${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={labelId}>
        Artwork image
      </span>
      {file && previewUrl ? (
        <div className="image-preview">
          <img className="image-preview__img" src={previewUrl} alt="Preview of the selected image" />
          <div className="image-preview__info">
            <span className="image-preview__name">{file.name}</span>
            <span className="image-preview__size">{formatFileSize(file.size)}</span>
            <button type="button" className="button button--secondary" onClick={onRemove} disabled={disabled}>
              Remove image
            </button>
          </div>
        </div>
      ) : (
        <div
          className={`drop-zone${dragging ? ' is-dragging' : ''}${error ? ' is-invalid' : ''}`}
          data-testid="drop-zone"
          onClick={open}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <svg className="drop-zone__icon" width="36" height="36" viewBox="0 0 24 24" aria-hidden="true">
            <rect
              x="3"
              y="4"
              width="18"
              height="16"
              rx="2.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="9" cy="9.5" r="1.8" fill="currentColor" />
            <path d="M4 18l5-5 3.5 3.5L16 13l4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <p className="drop-zone__title">Drag and drop your image here</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={disabled}
            aria-describedby={error ? errorId : undefined}
          >
            Choose a file
          </button>
          <p className="drop-zone__hint">PNG, JPEG or WebP, up to 10 MB</p>
        </div>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-labelledby={labelId}
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (picked) onPick(picked);
        }}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
