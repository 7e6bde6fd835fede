// A visit that opens a topic's results URL fetches that screen's code beside the entry's, instead of after the
// entry has run (docs/decisions/0248-results-entry-prefetch.md): a modulepreload for each chunk the build lists in
// <meta name="daily-tea:results-chunks"> (vite.config.ts). An async classic script (the Content-Security-Policy
// forbids inline scripts); on any other URL it does nothing.
(function () {
  if (!/^\/topics\/[^/]+\/results\/?$/.test(location.pathname)) return;
  var meta = document.querySelector('meta[name="daily-tea:results-chunks"]');
  if (!meta || !meta.content) return;
  meta.content.split(' ').forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
})();
