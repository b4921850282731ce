/**
 * Docusaurus's page template (3.10.2, @docusaurus/core/lib/ssg/ssgTemplate.html.js) with one
 * change: the page's scripts are requested after its first paint instead of from <head>.
 *
 * Every page is complete HTML; the scripts only add behaviour (search, the explorer, the mobile
 * menu). Fetched from <head>, runtime and main (~160 KiB gzip) share a slow line with the style
 * sheet the first paint waits for. Fetched after the first contentful paint (paint timing; two
 * frames where a browser has none), they take the line once the reader can already read. They
 * still run in order (async = false), as `defer` ran them.
 *
 * tests/unit/upstream-couplings.test.ts fails when core's template changes anywhere else.
 */
const loadScripts = `
      (function (scripts) {
        var requested = false;
        function load() {
          if (requested) return;
          requested = true;
          scripts.forEach(function (src) {
            var script = document.createElement('script');
            script.src = src;
            script.async = false;
            document.head.appendChild(script);
          });
        }
        var paintTiming = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf('paint') !== -1;
        if (paintTiming) {
          new PerformanceObserver(function (list, observer) {
            if (!list.getEntriesByName('first-contentful-paint').length) return;
            observer.disconnect();
            setTimeout(load, 0);
          }).observe({type: 'paint', buffered: true});
          // A tab opened in the background paints only when shown: load anyway.
          setTimeout(load, 3000);
        } else {
          requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(load, 0); }); });
        }
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
