// The Submit Artwork modal (spec sections 2, 4 and 5): the image (drop zone or file picker, preview,
// remove), Title and Description with counters, the error banner, Submit Artwork ("Submitting...")
// and Cancel. The image is uploaded first, then the submission is created. It cannot be closed while
// submitting; it never closes on a click outside it.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { artistSelectionApi, type Submission } from './artist-selection-api.js';
import { useApi } from '../../app/router-context.js';
import { CountedField } from './CountedField.js';
import { ImageDropZone } from './ImageDropZone.js';
import { PAGE_TEXT, submitErrorMessage } from './messages.js';
import { submitArtwork, type ArtworkInput } from './submit-artwork.js';
import { ARTWORK_TEXT_LIMITS, type ArtworkTextField } from '@tessera/facts/artwork';
import { hasErrors, validateImage, validateSubmission, type FormErrors } from './validation.js';
import { ArtistModalForm } from './ArtistModalForm.js';

export const SUBMITTING = 'Submitting...';

/** The title and description inputs, in the form's order (their limits: @tessera/facts/artwork). */
const TEXT_FIELDS: ReadonlyArray<{
  name: ArtworkTextField;
  label: string;
  placeholder: string;
  multiline?: boolean;
}> = [
  { name: 'title', label: 'Title', placeholder: 'Give your artwork a title' },
  {
    name: 'description',
    label: 'Description',
    placeholder: 'Your artist statement: what it shows and why',
    multiline: true,
  },
];

export interface SubmitArtworkModalProps {
  onClose(): void;
  onSubmitted(created: Submission | null): void;
}

export function SubmitArtworkModal({ onClose, onSubmitted }: SubmitArtworkModalProps) {
  const api = useApi();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<Record<ArtworkTextField, string>>({ title: '', description: '' });
  const { title, description } = text;
  const [errors, setErrors] = useState<FormErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: ArtworkInput) => submitArtwork(artistSelectionApi(api), input),
  });
  const submitting = mutation.isPending;

  const edited = (field: keyof FormErrors) => {
    setBanner(null);
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const pick = (picked: File) => {
    const problem = validateImage(picked);
    setBanner(null);
    if (problem) {
      setErrors((current) => ({ ...current, image: problem }));
      return;
    }
    edited('image');
    setFile(picked);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateSubmission({ file, title, description });
    setErrors(found);
    if (hasErrors(found) || file === null) return;
    setBanner(null);
    mutation.mutate(
      { file, title, description },
      {
        onSuccess: (created) => onSubmitted(created),
        onError: (error) => setBanner(submitErrorMessage(error)),
      },
    );
  };

  return (
    <ArtistModalForm title={PAGE_TEXT.submit} busy={submitting} onClose={onClose} onSubmit={submit}>
      <p className="artist-modal__lead">
        Share the artwork you would like to see as the next canvas. It goes live for voting at once; each
        person may have one active submission.
      </p>
      {banner && (
        <div className="banner banner--error" role="alert">
          {banner}
        </div>
      )}
      <ImageDropZone
        file={file}
        error={errors.image}
        disabled={submitting}
        onPick={pick}
        onRemove={() => {
          setFile(null);
          edited('image');
        }}
      />
      {TEXT_FIELDS.map((field) => (
        <CountedField
          key={field.name}
          label={field.label}
          name={field.name}
          multiline={field.multiline}
          value={text[field.name]}
          max={ARTWORK_TEXT_LIMITS[field.name].max}
          error={errors[field.name]}
          disabled={submitting}
          placeholder={field.placeholder}
          onChange={(value) => {
            setText((current) => ({ ...current, [field.name]: value }));
            edited(field.name);
          }}
        />
      ))}
      <div className="artist-modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={submitting}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? SUBMITTING : PAGE_TEXT.submit}
        </button>
      </div>
    </ArtistModalForm>
  );
}
