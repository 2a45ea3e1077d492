// The Submit Artwork form's rules (spec section 5, "Submission"; the limits from @tessera/facts/artwork):
// title 3 to 100 characters and description 10 to 500 (trimmed) with their messages, an image of type
// PNG, JPEG or WebP of at most 10 MB.

import { IMAGE_MAX_BYTES, IMAGE_TYPES, artworkTextMessage, isImageType } from '@tessera/facts/artwork';

/** For the file picker's accept attribute. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** The image's messages. */
export const VALIDATION_MESSAGES = {
  imageRequired: 'Please select an image for your artwork',
  imageType: 'Only PNG, JPEG, and WebP images are allowed',
  imageSize: 'File size must be under 10MB',
} as const;

export interface FileInfo {
  type: string;
  size: number;
}

/** The picked file's problem, or null when it may be submitted. */
export function validateImage(file: FileInfo | null): string | null {
  if (file === null) return VALIDATION_MESSAGES.imageRequired;
  if (!isImageType(file.type.toLowerCase())) return VALIDATION_MESSAGES.imageType;
  if (file.size > IMAGE_MAX_BYTES) return VALIDATION_MESSAGES.imageSize;
  return null;
}

export function validateTitle(title: string): string | null {
  return artworkTextMessage('title', title);
}

export function validateDescription(description: string): string | null {
  return artworkTextMessage('description', description);
}

export interface SubmissionForm {
  file: FileInfo | null;
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
