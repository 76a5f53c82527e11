import { api, unwrap } from '../api/api-client';

/**
 * This browser's Web Push subscription for the signed-in user. Subscribing asks the person's
 * permission, so it only ever starts from their own click (the switch in the user menu), never on
 * load. Signing out forgets the subscription on the server: bench tablets are shared, and the next
 * person must not see the last one's notifications.
 */

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (await currentSubscription()) return 'on';
  return Notification.permission === 'denied' ? 'denied' : 'off';
}

/** The VAPID public key as PushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks permission, subscribes through the browser's push service and hands the subscription to the server. */
export async function subscribeToPush(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const { data } = await unwrap(api.GET('/api/push-subscription/public-key'));
  let subscription = await registration.pushManager.getSubscription();
  const serverKey = keyBytes(data.publicKey);
  const sameKey = (key: ArrayBuffer | null | undefined) =>
    key && new Uint8Array(key).every((byte, i) => byte === serverKey[i]);
  // A subscription made for another server key (keys rotated) cannot be used: start afresh.
  if (subscription && !sameKey(subscription.options.applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  const json = subscription.toJSON();
  await unwrap(
    api.POST('/api/push-subscription', {
      body: {
        endpoint: json.endpoint ?? subscription.endpoint,
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    }),
  );
  return 'on';
}

/** Stops push for this browser, on the server and in the browser. */
export async function unsubscribeFromPush(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const subscription = await currentSubscription();
  if (subscription) {
    const { response } = await api.DELETE('/api/push-subscription', {
      params: { query: { endpoint: subscription.endpoint } },
    });
    // 404: the server had already forgotten it (another user took the tablet over); still unsubscribe here.
    if (!response.ok && response.status !== 404) throw new Error(`push subscription not removed (${response.status})`);
    await subscription.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'denied' : 'off';
}
