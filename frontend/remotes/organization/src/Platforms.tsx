import { ConnectionMessages, EXPIRY_WARNING_AHEAD_MS, OrganizationMessages, PLATFORM_DISPLAY_NAMES, type ConnectionPlatform } from '@planner/contracts';
import { ConfirmDialog } from '@planner/ui/dialog';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { isApiError, type Host, type PlatformConnection, type PlatformPage } from '@planner/remote-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { accountName } from '@planner/ui/linked-accounts';
import { errorText } from '@planner/ui/error-text';
import { matchingPlatforms, NO_PLATFORM_MATCH } from './platforms.js';
import { ADD_BOT_STEP, TELEGRAM_CHANNEL_KINDS, telegramIdentifierError, type TelegramChannelType } from './telegram-channel.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';

/** Part 2 §2: toggling these while the e-mail is unverified warns instead of opening. */
const VERIFY_WARNED: readonly ConnectionPlatform[] = ['x', 'facebook', 'instagram', 'threads'];
/** Part 2 §4, §9: the OAuth popup's size and how often its closure is polled. */
const POPUP_FEATURES = 'width=800,height=700';
const POPUP_POLL_MS = 1000;

/** Not worded by the spec: a connection's token was renewed with the provider. */
export const connectionRefreshed = (platform: string) => `The ${platform} connection was refreshed.`;

type Connections = Record<string, PlatformConnection>;
const connectionOf = (platforms: Connections, platform: ConnectionPlatform): PlatformConnection | undefined => platforms[platform.toUpperCase()];

/** The tile's badge: Connected, Configured once its page or channel is set, or what the server says is missing. */
export function badgeOf(platform: ConnectionPlatform, connection: PlatformConnection | undefined): string {
  if (!connection?.is_connected) return 'Not connected';
  if (connection.notice) return connection.notice;
  const data = connection.specific_data;
  const configured = (platform === 'facebook' && data.page_id) || (platform === 'linkedin' && data.organization_name) || (platform === 'telegram' && data.id);
  return configured ? 'Configured' : 'Connected';
}

/** Not worded by the spec (issue 29 §9): when a token that cannot be renewed runs out, and what to do before. */
export const expiresOn = (when: string) => `Expires on ${when}`;
export const reconnectBeforeExpiry = (platform: string) => `Connect ${platform} again before then to keep publishing.`;

/** A moment as the page tells it, in the organization's time zone ('Jun 7, 2026, 2:30 PM'); the browser's for a zone it does not know. */
function momentIn(at: Date, timeZone: string | undefined): string {
  const format = (zone: string | undefined) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

/**
 * When a connection that cannot be refreshed must be connected again, or null for any other (refreshed without the
 * user, Sandbox, no expiry); `soon` within the days of the owner's first warning mail.
 */
export function expiryOf(connection: PlatformConnection | undefined, timeZone: string | undefined, now = Date.now()): { text: string; soon: boolean } | null {
  if (!connection?.is_connected || connection.sandbox || connection.refreshable !== false || !connection.expires_at) return null;
  const at = new Date(connection.expires_at);
  return { text: expiresOn(momentIn(at, timeZone)), soon: at.getTime() - now <= EXPIRY_WARNING_AHEAD_MS['7_days'] };
}

/** Waits for the popup's oauth-success / oauth-error message (part 2 §4), or its closure, polled each second while it is open. */
function useOAuthPopup(onResult: (result: { type: string; platform?: string; error?: string } | null) => void) {
  const poll = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const handler = useRef(onResult);
  handler.current = onResult;
  const stopPolling = useCallback(() => {
    clearInterval(poll.current);
    poll.current = undefined;
  }, []);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: string; platform?: string; error?: string } | null;
      if (data?.type !== 'oauth-success' && data?.type !== 'oauth-error') return;
      stopPolling();
      handler.current({ type: data.type, platform: data.platform, error: data.error });
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
      stopPolling();
    };
  }, [stopPolling]);
  return (url: string) => {
    stopPolling();
    const popup = window.open(url, 'oauth', POPUP_FEATURES);
    if (!popup) return;
    poll.current = setInterval(() => {
      if (!popup.closed) return;
      stopPolling();
      handler.current(null);
    }, POPUP_POLL_MS);
  };
}

function PageChoice({ host, organizationId, platform, connection }: { host: Host; organizationId: string; platform: 'facebook' | 'linkedin'; connection: PlatformConnection }) {
  const queries = useQueryClient();
  const id = useId();
  const [choice, setChoice] = useState('');
  const words =
    platform === 'facebook'
      ? { none: ConnectionMessages.facebookNoPages, loadFailed: ConnectionMessages.facebookPagesFailed, saveFailed: ConnectionMessages.facebookPageFailed }
      : { none: ConnectionMessages.linkedinNoPages, loadFailed: ConnectionMessages.linkedinPagesFailed, saveFailed: ConnectionMessages.linkedinPageFailed };
  const pages = useQuery({
    queryKey: ['pages', organizationId, platform],
    queryFn: () => host.api.request('GET', platform === 'facebook' ? '/oauth/facebook/pages' : '/oauth/linkedin/pages', { query: { organization_id: organizationId } }),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (page: PlatformPage | null) =>
      platform === 'facebook'
        ? host.api.request('POST', '/oauth/facebook/page', { body: { organization_id: organizationId, page_id: page?.id ?? '' } })
        : host.api.request('POST', '/oauth/linkedin/page', { body: { organization_id: organizationId, page_id: page?.id ?? null } }),
    onSuccess: async (answer) => {
      host.toast({ kind: 'success', message: answer.message });
      await queries.invalidateQueries({ queryKey: ['organization-config', organizationId] });
    },
    onError: (error) => host.toast({ kind: 'error', message: isApiError(error) && error.status === 429 ? errorText(error) : words.saveFailed }),
  });
  if (pages.isPending) return <LoadingRegion label="Loading pages…" />;
  if (pages.isError) return <p role="alert">{errorText(pages.error, words.loadFailed)}</p>;
  if (pages.data.pages.length === 0) return <p className="form-message form-message-info">{pages.data.message ?? words.none}</p>;
  const current = String(connection.specific_data.page_id ?? '');
  return (
    <form
      className="actions"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(pages.data.pages.find((page) => page.id === (choice || current)) ?? null);
      }}
    >
      <label htmlFor={id}>{PLATFORM_DISPLAY_NAMES[platform]} page</label>{' '}
      <select id={id} value={choice || current} onChange={(e) => setChoice(e.target.value)}>
        {platform === 'linkedin' ? <option value="">Post as myself</option> : <option value="">Choose a page</option>}
        {pages.data.pages.map((page) => (
          <option key={page.id} value={page.id}>
            {page.name}
          </option>
        ))}
      </select>{' '}
      <button type="submit" className="button" disabled={save.isPending || (platform === 'facebook' && !(choice || current))}>
        Save page
      </button>
    </form>
  );
}

/** Part 2 §4's Telegram steps: the channel type, the bot as admin, then the identifier in that type's format. */
function TelegramChannelForm({ busy, onConnect }: { busy: boolean; onConnect: (channel: string) => void }) {
  const id = useId();
  const [type, setType] = useState<TelegramChannelType | null>(null);
  const [identifier, setIdentifier] = useState('');
  const [identifierError, setIdentifierError] = useState<string | null>(null);
  const kind = type && TELEGRAM_CHANNEL_KINDS[type];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!type) return;
        const error = telegramIdentifierError(type, identifier);
        setIdentifierError(error);
        if (!error) onConnect(identifier.trim());
      }}
    >
      <ol>
        <li>
          <fieldset>
            <legend>Choose your channel type</legend>
            {(Object.keys(TELEGRAM_CHANNEL_KINDS) as TelegramChannelType[]).map((value) => (
              <span key={value} className="field-checkbox">
                <input
                  id={`${id}-${value}`}
                  type="radio"
                  name={`${id}-type`}
                  checked={type === value}
                  onChange={() => {
                    setType(value);
                    setIdentifierError(null);
                  }}
                />{' '}
                <label htmlFor={`${id}-${value}`}>{TELEGRAM_CHANNEL_KINDS[value].label}</label>{' '}
              </span>
            ))}
          </fieldset>
        </li>
        {kind && (
          <>
            <li>{ADD_BOT_STEP}</li>
            <li>
              <p>{kind.identifierStep}</p>
              <label htmlFor={id}>Telegram channel identifier</label>{' '}
              <input
                id={id}
                value={identifier}
                aria-describedby={`${id}-hint${identifierError ? ` ${id}-error` : ''}`}
                aria-invalid={identifierError ? true : undefined}
                onChange={(e) => setIdentifier(e.target.value)}
              />{' '}
              <button type="submit" className="button" disabled={busy}>
                Verify and connect
              </button>
              <p id={`${id}-hint`} className="field-hint">
                {kind.hint}
              </p>
              {identifierError && (
                <p id={`${id}-error`} className="field-error" role="alert">
                  {identifierError}
                </p>
              )}
            </li>
          </>
        )}
      </ol>
    </form>
  );
}

function PlatformPanel({
  host,
  organizationId,
  platform,
  connection,
  timeZone,
  disabled,
}: {
  host: Host;
  organizationId: string;
  platform: ConnectionPlatform;
  connection: PlatformConnection | undefined;
  timeZone: string | undefined;
  disabled: boolean;
}) {
  const queries = useQueryClient();
  const name = PLATFORM_DISPLAY_NAMES[platform];
  const [sandboxOffer, setSandboxOffer] = useState<string | null>(null);
  const reload = () => queries.invalidateQueries({ queryKey: ['organization-config', organizationId] });
  /** A change went through: its message, and the page read again. */
  const settled = (message = ConnectionMessages.connected(name)) => {
    setSandboxOffer(null);
    host.toast({ kind: 'success', message });
    return reload();
  };
  // The server offers a Sandbox connection where the platform has no client credentials (400 with sandbox_available).
  const failedConnect = (error: unknown, fallback: string) => {
    if (isApiError(error) && error.body?.sandbox_available === true) return setSandboxOffer(errorText(error));
    host.toast({ kind: 'error', message: errorText(error, fallback) });
  };
  const openPopup = useOAuthPopup((result) => {
    if (result?.platform && result.platform.toLowerCase() !== platform) return;
    if (result?.type === 'oauth-success') void settled();
    else if (result?.type === 'oauth-error') host.toast({ kind: 'error', message: ConnectionMessages.connectFailed(name, result.error) });
    else void reload();
  });
  const body = { organization_id: organizationId };
  const params = { platform };
  const connect = useMutation({
    mutationFn: () => host.api.request('POST', '/oauth/:platform/authorize', { params, body }),
    onSuccess: ({ redirect_url }) => (redirect_url ? openPopup(redirect_url) : host.toast({ kind: 'error', message: 'No redirect URL provided by the server' })),
    onError: (error) => failedConnect(error, ConnectionMessages.connectFailed(name)),
  });
  const telegram = useMutation({
    mutationFn: (channel: string) => host.api.request('POST', '/oauth/telegram/connect_channel', { body: { ...body, channel_identifier: channel } }),
    onSuccess: ({ message }) => settled(message),
    onError: (error) => failedConnect(error, ConnectionMessages.telegramConnectFailed),
  });
  const sandbox = useMutation({
    mutationFn: () => host.api.request('POST', '/oauth/:platform/sandbox', { params, body }),
    onSuccess: () => settled(),
    onError: (error) => host.toast({ kind: 'error', message: ConnectionMessages.connectFailed(name, errorText(error)) }),
  });
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  // Asked as the question opens: what the disconnection would leave without a connection.
  const queued = useQuery({
    queryKey: ['posts', 'queued-count', organizationId, platform],
    queryFn: () => host.api.request('GET', '/posts/queued-count', { query: { organization_id: organizationId, platform } }),
    enabled: confirmingDisconnect,
    retry: false,
    staleTime: 0,
  });
  const disconnect = useMutation({
    mutationFn: () => host.api.request('POST', '/oauth/:platform/disconnect', { params, body }),
    onSuccess: ({ message }) => {
      setConfirmingDisconnect(false);
      // Post Review and the calendar mark the posts left waiting for it.
      void queries.invalidateQueries({ queryKey: ['posts'] });
      return settled(message);
    },
    onError: () => host.toast({ kind: 'error', message: ConnectionMessages.disconnectFailed(name) }),
  });
  const refresh = useMutation({
    mutationFn: () => host.api.request('POST', '/oauth/:platform/refresh', { params, body }),
    onSuccess: () => settled(connectionRefreshed(name)),
    onError: (error) => host.toast({ kind: 'error', message: errorText(error) }),
  });
  const busy = disabled || refresh.isPending || connect.isPending || sandbox.isPending || disconnect.isPending || telegram.isPending;
  const who = connection?.is_connected ? accountName(connection) : null;
  const expiry = expiryOf(connection, timeZone);
  return (
    <section className="card platform-panel" aria-label={`${name} settings`}>
      <h3>
        {name} <span className="badge">{badgeOf(platform, connection)}</span>
        {connection?.sandbox && <Badge tone="warning"> {connection.label ?? 'Sandbox'}</Badge>}
      </h3>
      {connection?.is_connected ? (
        <>
          {who && <p>Connected as {who}</p>}
          {connection.sandbox && <p className="muted">A Sandbox connection publishes into a local feed, not to {name}.</p>}
          {expiry &&
            (expiry.soon ? (
              <div className="form-message form-message-warning" role="status">
                <p>
                  {expiry.text}. {reconnectBeforeExpiry(name)}
                </p>
                <button type="button" className="button" disabled={busy} onClick={() => connect.mutate()}>
                  Connect again
                </button>
              </div>
            ) : (
              <p className="muted">{expiry.text}</p>
            ))}
          {/* A connection without a refresh token (most LinkedIn apps) cannot be refreshed: asking would only get it refused. */}
          {!connection.sandbox && platform !== 'telegram' && connection.refreshable !== false && (
            <>
              <button type="button" className="button button-secondary" disabled={busy} onClick={() => refresh.mutate()}>
                Refresh
              </button>{' '}
            </>
          )}
          <button type="button" className="button button-danger" disabled={busy} onClick={() => setConfirmingDisconnect(true)}>
            Disconnect
          </button>
          {confirmingDisconnect && (
            <ConfirmDialog
              title={ConnectionMessages.disconnectQuestion(name)}
              message={
                queued.isPending
                  ? `Counting the posts scheduled for ${name}...`
                  : queued.isError
                    ? `Posts scheduled for ${name} will not be published there until you connect it again.`
                    : ConnectionMessages.disconnectLeavesQueued(name, queued.data.count)
              }
              confirmLabel="Disconnect"
              busyLabel="Disconnecting..."
              busy={disconnect.isPending}
              danger
              onConfirm={() => disconnect.mutate()}
              onCancel={() => setConfirmingDisconnect(false)}
            />
          )}
          {platform === 'facebook' && !connection.sandbox && <PageChoice host={host} organizationId={organizationId} platform="facebook" connection={connection} />}
          {platform === 'linkedin' && <PageChoice host={host} organizationId={organizationId} platform="linkedin" connection={connection} />}
        </>
      ) : platform === 'telegram' ? (
        <TelegramChannelForm busy={busy} onConnect={(channel) => telegram.mutate(channel)} />
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => connect.mutate()}>
          Connect
        </button>
      )}
      {sandboxOffer && !connection?.is_connected && (
        <div className="form-message form-message-info" role="status">
          <p>{sandboxOffer}</p>
          <button type="button" className="button" disabled={busy} onClick={() => sandbox.mutate()}>
            Connect a Sandbox {name} account
          </button>
        </div>
      )}
    </section>
  );
}

/** Part 2 §2: the searchable platform tiles and the chosen platform's panel. */
export function PlatformsConfiguration({
  host,
  organizationId,
  platforms,
  timeZone,
  verified,
  disabled,
}: {
  host: Host;
  organizationId: string;
  platforms: Connections;
  /** The organization's time zone, in which expiry dates are told; the browser's when absent. */
  timeZone?: string;
  verified: boolean;
  disabled: boolean;
}) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ConnectionPlatform | null>(null);
  const searchId = useId();
  const shown = matchingPlatforms(query);
  return (
    <section className="card config-section" aria-labelledby={`${searchId}-title`}>
      <h2 id={`${searchId}-title`}>Platforms Configuration</h2>
      <label htmlFor={searchId}>Search platforms</label> <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      {shown.length === 0 ? (
        <p role="status">{NO_PLATFORM_MATCH}</p>
      ) : (
        <ul className="platform-tiles" aria-label="Platforms">
          {shown.map((platform) => {
            const expiry = expiryOf(connectionOf(platforms, platform), timeZone);
            return (
              <li key={platform}>
                <button
                  type="button"
                  className={`platform-tile${verified && !disabled ? '' : ' disabled'}`}
                  aria-pressed={chosen === platform}
                  aria-disabled={verified && !disabled ? undefined : true}
                  onClick={() => {
                    if (disabled) return;
                    if (!verified) {
                      if (VERIFY_WARNED.includes(platform)) host.toast({ kind: 'warning', message: OrganizationMessages.verifyEmailBeforePlatforms });
                      return;
                    }
                    setChosen(chosen === platform ? null : platform);
                  }}
                >
                  <PlatformIcon platform={platform} decorative className="platform-icon" /> {PLATFORM_DISPLAY_NAMES[platform]}{' '}
                  <span className="badge">{badgeOf(platform, connectionOf(platforms, platform))}</span>
                  {expiry && <span className={expiry.soon ? 'badge badge-yellow' : 'muted'}> {expiry.text}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && shown.includes(chosen) && (
        <PlatformPanel host={host} organizationId={organizationId} platform={chosen} connection={connectionOf(platforms, chosen)} timeZone={timeZone} disabled={disabled} />
      )}
    </section>
  );
}
