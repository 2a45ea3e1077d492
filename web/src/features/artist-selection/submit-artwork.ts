// Creating a submission (spec section 4, "Create"): ask for an upload URL, upload the image straight
// to it, then create the submission with the image's URL.
import type { ArtistSelectionApi, Submission } from './artist-selection-api.js';

export interface ArtworkInput {
  file: File;
  title: string;
  description: string;
}

export async function submitArtwork(
  calls: ArtistSelectionApi,
  input: ArtworkInput,
): Promise<Submission | null> {
  const target = await calls.requestUpload({
    filename: input.file.name,
    contentType: input.file.type,
    fileSize: input.file.size,
  });
  await calls.uploadImage(target, input.file, input.file.name);
  return calls.create({
    title: input.title.trim(),
    description: input.description.trim(),
    imageUrl: target.imageUrl,
  });
}
