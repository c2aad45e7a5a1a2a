// Shows this service's own document (../openapi, beside this page), with nothing fetched from elsewhere:
// no validator badge (it would send the document to an outside service).
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('../openapi', window.location.href).toString(),
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
