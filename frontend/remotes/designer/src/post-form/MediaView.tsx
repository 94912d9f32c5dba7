import type { Host } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { mediaParams, type MediaEntry } from './media.js';

/** An object URL of a file or blob while the component shows it (revoked after). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * One media item, shown: a chosen file from this device, or stored media
 * fetched through the host's client (GET /media/... needs the login, which an
 * <img src> would not send).
 */
export function MediaView({ host, entry, className }: { host: Host; entry: MediaEntry; className?: string }) {
  const params = entry.url ? mediaParams(entry.url) : null;
  const stored = useQuery({
    queryKey: ['media', entry.url],
    queryFn: () => host.api.request('GET', '/media/:organizationId/:file', { params: params! }),
    enabled: params !== null && !entry.file,
    staleTime: Infinity,
    retry: false,
  });
  const src = useObjectUrl(entry.file ?? stored.data);
  if (!src) return <div className={`media-placeholder ${className ?? ''}`} role="img" aria-label={`${entry.name} (loading)`} />;
  return entry.kind === 'video' ? (
    <video className={className} src={src} controls muted preload="metadata" aria-label={entry.name} />
  ) : (
    <img className={className} src={src} alt={entry.name} />
  );
}
