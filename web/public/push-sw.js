/*
 * Coinpace browser notifications (docs/alert-channels.md): the service worker the account page registers.
 * It shows each push message as a notification, with every Coinpace tab closed too, and opens the
 * message's link when the notification is clicked.
 */
self.addEventListener('push', (event) => {
  let message = { title: 'Coinpace', body: '', url: '/alerts', tag: 'coinpace' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // Not JSON: the default text.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url ?? '/alerts'));
});
