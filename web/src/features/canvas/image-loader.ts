// Loads a composite image before it is shown: as an <img> first, then as a blob (spec section 7: "also
// fetched as a blob fallback"). Resolves with a displayable URL (the render URL or an object URL).

export function loadImage(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => resolve(url);
    img.onerror = () => reject(new Error('Image failed to load'));
    img.src = url;
  });
}

export async function loadImageAsBlob(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok) throw new Error('Image failed to load');
  const blob = await response.blob();
  if (!blob.type.startsWith('image/')) throw new Error('Image failed to load');
  const objectUrl = URL.createObjectURL(blob);
  try {
    await loadImage(objectUrl);
  } catch (error) {
    URL.revokeObjectURL(objectUrl);
    throw error;
  }
  return objectUrl;
}

export async function preloadComposite(url: string, signal?: AbortSignal): Promise<string> {
  try {
    return await loadImage(url);
  } catch {
    if (signal?.aborted) throw new Error('Image failed to load');
    return loadImageAsBlob(url, signal);
  }
}

export function releaseImageUrl(url: string | null): void {
  if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
}
