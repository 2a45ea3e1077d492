// The Submit Artwork form's rules (spec section 5, "Submission"), all of them @tessera/facts/artwork's,
// which the submission service applies too: title 3 to 100 characters and description 10 to 500
// (trimmed) with their messages, an image of type PNG, JPEG or WebP of at most 10 MB.

import {
  IMAGE_MESSAGES,
  IMAGE_TYPES,
  artworkTextMessage,
  imageProblem,
  type ImageFile,
} from '@tessera/facts/artwork';

/** For the file picker's accept attribute. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** The picked file's problem in the form's words, or null when it may be submitted. */
export function validateImage(file: ImageFile | null): string | null {
  const problem = imageProblem(file);
  return problem === null ? null : IMAGE_MESSAGES.form[problem];
}

export function validateTitle(title: string): string | null {
  return artworkTextMessage('title', title);
}

export function validateDescription(description: string): string | null {
  return artworkTextMessage('description', description);
}

export interface SubmissionForm {
  file: ImageFile | null;
  title: string;
  description: string;
}

export type FormErrors = Partial<Record<'image' | 'title' | 'description', string>>;

/** Every field's problem; an empty object when the form may be sent. */
export function validateSubmission(form: SubmissionForm): FormErrors {
  const errors: FormErrors = {};
  const image = validateImage(form.file);
  const title = validateTitle(form.title);
  const description = validateDescription(form.description);
  if (image) errors.image = image;
  if (title) errors.title = title;
  if (description) errors.description = description;
  return errors;
}

export function hasErrors(errors: FormErrors): boolean {
  return Object.keys(errors).length > 0;
}
