import { useQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useEffect } from 'react';
import { api } from '@/app/lib/api-client';
import { ApiError } from '@/app/lib/api-error';

/** A stored sample image: files need the bearer token, so it is fetched and shown from a blob URL. */
export function StoredImage({ fileId, alt }: { fileId: string; alt: string }) {
  const image = useQuery({
    queryKey: ['samples', 'file', fileId],
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/files/{id}', {
        params: { path: { id: fileId } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw new ApiError(response.status, error);
      return URL.createObjectURL(data as Blob);
    },
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
  const url = image.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
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
