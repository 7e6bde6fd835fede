// The player's colour scheme before the first paint (docs/decisions/0271-dark-mode.md): a classic script in <head>
// (the Content-Security-Policy forbids inline scripts) that puts the saved choice on <html>. With no saved choice,
// or "system", the stylesheet follows the system's preference by itself.
(function () {
  try {
    var theme = localStorage.getItem('daily-tea-theme');
    if (theme === 'dark' || theme === 'light') document.documentElement.classList.add(theme);
  } catch {
    // Storage blocked: the system's preference applies.
  }
})();
