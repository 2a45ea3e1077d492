// The Submit Artwork form's rules (spec section 5, "Submission").
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@tessera/facts/artwork';
import {
  hasErrors,
  validateDescription,
  validateImage,
  validateSubmission,
  validateTitle,
} from './validation.js';

describe('submission form', () => {
  it.each([
    ['empty', '', 'Please enter a title for your artwork'],
    ['blank', '    ', 'Please enter a title for your artwork'],
    ['2 characters once trimmed', ' ab ', 'Title must be at least 3 characters'],
    ['3 characters', 'abc', null],
    ['100 characters once trimmed', `  ${'x'.repeat(100)}  `, null],
    ['101 characters', 'x'.repeat(101), 'Title must be under 100 characters'],
  ])('title (required, 3 to 100 characters after trimming): %s', (_case, title, message) => {
    expect(validateTitle(title)).toBe(message);
  });

  it.each([
    ['blank', ' ', 'Please enter a description for your artwork'],
    ['9 characters once trimmed', ' 123456789 ', 'Description must be at least 10 characters'],
    ['10 characters', '1234567890', null],
    ['500 characters', 'x'.repeat(500), null],
    ['501 characters', 'x'.repeat(501), 'Description must be under 500 characters'],
  ])('description (required, 10 to 500 characters after trimming): %s', (_case, description, message) => {
    expect(validateDescription(description)).toBe(message);
  });

  it('image: required, PNG, JPEG or WebP, not empty, at most 10 MB', () => {
    expect(validateImage(null)).toBe('Please select an image for your artwork');
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'IMAGE/PNG']) {
      expect(validateImage({ type, size: 1000 }), type).toBeNull();
    }
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', '']) {
      expect(validateImage({ type, size: 1000 }), type).toBe('Only PNG, JPEG, and WebP images are allowed');
    }
    expect(validateImage({ type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(validateImage({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(
      'File size must be under 10MB',
    );
    // the service refuses an empty file; the form says so before anything is sent
    expect(validateImage({ type: 'image/png', size: 0 })).toBe('The file is empty. Please choose an image.');
  });

  it('reports every field at once, and nothing for a good form', () => {
    const errors = validateSubmission({ file: null, title: 'a', description: '' });
    expect(errors).toEqual({
      image: 'Please select an image for your artwork',
      title: 'Title must be at least 3 characters',
      description: 'Please enter a description for your artwork',
    });
    expect(hasErrors(errors)).toBe(true);
    const ok = validateSubmission({
      file: { type: 'image/png', size: 10 },
      title: 'Harbour',
      description: 'Boats at dawn',
    });
    expect(ok).toEqual({});
    expect(hasErrors(ok)).toBe(false);
  });
});
