import { useEffect, useState } from 'react';
import type { MediaEntry } from './media.js';

/** What the browser reads of a chosen video file's metadata (a `<video>` element's loadedmetadata). */
export interface VideoFacts {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

const known = (value: number) => (Number.isFinite(value) && value > 0 ? value : null);

/** Reads a video file's metadata; stops (answering nothing) when the returned function is called. */
function readVideoFacts(file: File, onRead: (facts: VideoFacts) => void): () => void {
  const url = URL.createObjectURL(file);
  const element = document.createElement('video');
  element.preload = 'metadata';
  const done = () => {
    element.onloadedmetadata = null;
    element.onerror = null;
    URL.revokeObjectURL(url);
  };
  element.onloadedmetadata = () => {
    onRead({ durationSeconds: known(element.duration), width: known(element.videoWidth), height: known(element.videoHeight) });
    done();
  };
  element.onerror = done;
  element.src = url;
  return done;
}

/**
 * The metadata of each chosen video file (stored media have theirs from the
 * posts service), by media entry id, as they are read; a file whose metadata
 * cannot be read has none, and the rules that need it are then the platform's
 * to check.
 */
export function useVideoFacts(media: readonly MediaEntry[]): ReadonlyMap<string, VideoFacts> {
  const [read, setRead] = useState<ReadonlyMap<string, VideoFacts>>(() => new Map());
  const unread = media.filter((entry) => entry.kind === 'video' && entry.file && !read.has(entry.id));
  // The entries not read yet, by id: the same entries in a new array read nothing again.
  const unreadIds = unread.map((entry) => entry.id).join(' ');
  useEffect(() => {
    if (!unreadIds || typeof URL.createObjectURL !== 'function') return;
    const stops = unread.map((entry) => readVideoFacts(entry.file!, (facts) => setRead((before) => new Map(before).set(entry.id, facts))));
    return () => stops.forEach((stop) => stop());
  }, [unreadIds]);
  return read;
}
