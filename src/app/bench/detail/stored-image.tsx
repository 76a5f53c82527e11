import { ImageIcon } from 'lucide-react';
import { useStoredFileUrl } from '@/app/lib/api/stored-files';

/** A stored sample image, shown from its blob URL (lib/api/stored-files.ts); a placeholder until it is here. */
export function StoredImage({ fileId, alt }: { fileId: string; alt: string }) {
  const { url } = useStoredFileUrl(fileId, { quiet: true });
  if (!url) {
    return (
      <span className="flex size-24 items-center justify-center rounded-md border bg-muted text-muted-foreground">
        <ImageIcon className="size-6" aria-label={alt} />
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} className="size-24 rounded-md border object-cover" />
    </a>
  );
}
