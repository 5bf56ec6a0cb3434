import type { CheckInEntry, CheckInSheet } from '@campwise/contract/check-in';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CheckInTap, checkInKeys, sendTap } from '../../api/check-in.ts';
import { ApiError } from '../../api/client.ts';
import { hostTodayKey } from '../../api/host-today.ts';

/**
 * A tap on its way: being sent, waiting to be sent again (no connection, or the server was
 * busy), or refused with the server's message.
 */
export interface QueuedTap {
  tap: CheckInTap;
  status: 'sending' | 'waiting' | 'refused';
  message: string | null;
  attempts: number;
}

const storageKey = (sessionId: number) => `campwise.check-in-taps.${sessionId}`;

/** Taps kept from an earlier visit (the page was closed or reloaded while offline) wait to be sent. */
function storedTaps(sessionId: number): QueuedTap[] {
  try {
    const raw = window.localStorage.getItem(storageKey(sessionId));
    const taps = raw ? (JSON.parse(raw) as QueuedTap[]) : [];
    return Array.isArray(taps)
      ? taps.map((queued) => (queued.status === 'sending' ? { ...queued, status: 'waiting' } : queued))
      : [];
  } catch {
    return [];
  }
}

/** A connection that failed, or a server that could not answer now: worth sending again. */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

/** Waits longer after each failed attempt, up to half a minute. */
const retryDelay = (attempts: number) => Math.min(30_000, 2_000 * 2 ** Math.max(0, attempts - 1));

/**
 * The check-in screen's taps. Each is sent at once; one that cannot reach the server stays in
 * the queue (kept in the browser's storage) and is sent again with the same key, when the
 * connection returns or after a growing pause, so a tap is never lost and never counted twice.
 * A tap the server refuses stays visible with the reason until it is dismissed.
 */
export function useTapQueue(sessionId: number) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedTap[]>(() => storedTaps(sessionId));
  const inFlight = useRef(new Set<string>());

  useEffect(() => {
    const kept = queue.filter((queued) => queued.status !== 'refused');
    if (kept.length === 0) window.localStorage.removeItem(storageKey(sessionId));
    else window.localStorage.setItem(storageKey(sessionId), JSON.stringify(kept));
  }, [queue, sessionId]);

  const update = useCallback((key: string, change: Partial<QueuedTap> | null) => {
    setQueue((current) =>
      change === null
        ? current.filter((queued) => queued.tap.key !== key)
        : current.map((queued) => (queued.tap.key === key ? { ...queued, ...change } : queued)),
    );
  }, []);

  const showEntry = useCallback(
    (day: string, entry: CheckInEntry) => {
      queryClient.setQueryData<CheckInSheet>(checkInKeys.sheet(sessionId, day), (sheet) =>
        sheet
          ? {
              ...sheet,
              children: sheet.children.map((child) => (child.childId === entry.childId ? entry : child)),
            }
          : sheet,
      );
    },
    [queryClient, sessionId],
  );

  const send = useCallback(
    async (queued: QueuedTap) => {
      const { tap } = queued;
      if (inFlight.current.has(tap.key)) return;
      inFlight.current.add(tap.key);
      update(tap.key, { status: 'sending' });
      try {
        const entry = await sendTap(sessionId, tap);
        showEntry(tap.day, entry);
        update(tap.key, null);
        // The host's home counts today's check-ins.
        void queryClient.invalidateQueries({ queryKey: hostTodayKey });
      } catch (error) {
        if (worthRetrying(error)) {
          update(tap.key, { status: 'waiting', attempts: queued.attempts + 1, message: null });
        } else {
          update(tap.key, {
            status: 'refused',
            message: error instanceof Error ? error.message : null,
          });
          // Someone else may have changed the child meanwhile (another phone at the gate).
          await queryClient.invalidateQueries({ queryKey: checkInKeys.sheet(sessionId, tap.day) });
        }
      } finally {
        inFlight.current.delete(tap.key);
      }
    },
    [queryClient, sessionId, showEntry, update],
  );

  const add = useCallback(
    (tap: CheckInTap) => {
      const queued: QueuedTap = { tap, status: 'sending', message: null, attempts: 0 };
      setQueue((current) => [...current, queued]);
      void send(queued);
    },
    [send],
  );

  const waiting = queue.filter((queued) => queued.status === 'waiting');

  const retryAll = useCallback(() => {
    for (const queued of queue) if (queued.status === 'waiting') void send(queued);
  }, [queue, send]);

  // Waiting taps go again after a pause, and at once when the browser is back online.
  const nextAttempts = waiting.length === 0 ? null : Math.min(...waiting.map((queued) => queued.attempts));
  useEffect(() => {
    if (nextAttempts === null) return;
    const timer = window.setTimeout(retryAll, retryDelay(nextAttempts));
    window.addEventListener('online', retryAll);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', retryAll);
    };
  }, [nextAttempts, retryAll]);

  const dismiss = useCallback((key: string) => update(key, null), [update]);

  return { queue, add, retryAll, dismiss };
}
