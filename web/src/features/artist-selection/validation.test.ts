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
  it('title: required, 3 to 100 characters after trimming', () => {
    expect(validateTitle('')).toBe('Please enter a title for your artwork');
    expect(validateTitle('    ')).toBe('Please enter a title for your artwork');
    expect(validateTitle(' ab ')).toBe('Title must be at least 3 characters');
    expect(validateTitle('abc')).toBeNull();
    expect(validateTitle(`  ${'x'.repeat(100)}  `)).toBeNull();
    expect(validateTitle('x'.repeat(101))).toBe('Title must be under 100 characters');
  });

  it('description: required, 10 to 500 characters after trimming', () => {
    expect(validateDescription(' ')).toBe('Please enter a description for your artwork');
    expect(validateDescription(' 123456789 ')).toBe('Description must be at least 10 characters');
    expect(validateDescription('1234567890')).toBeNull();
    expect(validateDescription('x'.repeat(500))).toBeNull();
    expect(validateDescription('x'.repeat(501))).toBe('Description must be under 500 characters');
  });

  it('image: required, PNG, JPEG or WebP, at most 10 MB', () => {
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
