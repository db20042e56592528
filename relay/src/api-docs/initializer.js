// Starts Swagger UI on the console's API document (relay/src/api-docs.ts). A file rather than an
// inline script, so the page runs under a CSP without 'unsafe-inline'. It reads the token the
// console stored at login (localStorage "token", client/src/api/token.ts) and sends it for the
// document and for "Try it out"; without one (and API_DOCS=login) it asks for a login.
(async () => {
  let token = null;
  try {
    token = window.localStorage.getItem('token');
  } catch {
    // storage blocked: no token
  }
  const headers = token ? { Authorization: `Token ${token}` } : {};
  const response = await fetch('./json', { headers });
  if (response.status === 401) {
    document.getElementById('docs-login').hidden = false;
    return;
  }
  if (!response.ok) {
    const reply = await response.json().catch(() => ({}));
    const notice = document.getElementById('docs-login');
    notice.textContent = reply.message || `The API document could not be loaded (${response.status}).`;
    notice.hidden = false;
    return;
  }
  const ui = window.SwaggerUIBundle({
    spec: await response.json(),
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'none',
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
  if (token) ui.preauthorizeApiKey('Token', `Token ${token}`);
  window.ui = ui;
})();
