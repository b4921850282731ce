/**
 * Docusaurus's page template (3.10.2, @docusaurus/core/lib/ssg/ssgTemplate.html.js) with one
 * change: the page's scripts are requested after its first paint instead of from <head>.
 *
 * Every page is complete HTML; the scripts only add behaviour (search, the explorer, the mobile
 * menu). Fetched from <head>, runtime and main (~160 KiB gzip) share a slow line with the style
 * sheet the first paint waits for. Fetched after that paint, they take the line once the reader
 * can already read. They still run in order (async = false), as `defer` ran them.
 */
const loadScripts = `
      (function (scripts) {
        function load() {
          scripts.forEach(function (src) {
            var script = document.createElement('script');
            script.src = src;
            script.async = false;
            document.head.appendChild(script);
          });
        }
        // Two frames: the first one may be drawn before the text is laid out.
        requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(load, 0); }); });
      })(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>);`;

export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script>${loadScripts}
    </script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
