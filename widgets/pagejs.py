"""Page helpers for the Voilà app (``notebooks/app.ipynb`` displays :func:`page_extras`):

* keyboard shortcuts: ``n`` next decision, ``p`` next phase, ``u`` undo, ``1``-``9`` the
  options of the decision box (not while typing in a field);
* a busy sign ("Working…", a CSS spinner, no emoji font needed) when an action takes more
  than 300 ms, until the page changes;
* focus kept after each action (the same button, else the first option of the decision
  box), with a visible focus ring;
* after a card of the hand is chosen, its free spots scrolled into view; on a narrow screen
  (a phone) the status and the decision box come first, the "How to play" text last;
* the ``_xsrf`` cookie that Voilà's page sends with its kernel-shutdown request on unload:
  standalone Voilà sets none, so without it every visit leaves a kernel running (the
  double-submit check compares the form field with the cookie).

Only fixed selectors are used; nothing a visitor types is executed."""

from __future__ import annotations

from papertales.i18n import LANGUAGES, check_language, get_language, t
from papertales.render import escape

STYLE = """<style>
.pt-app button:focus,.pt-app select:focus,.pt-app input:focus,.pt-app [tabindex]:focus{outline:3px solid #1f77b4 !important;outline-offset:2px}
#pt-busy{position:fixed;top:8px;right:8px;z-index:10000;display:none;align-items:center;gap:8px;background:#3b2f6b;color:#fff;padding:6px 12px;border-radius:18px;font:600 13px system-ui,sans-serif;box-shadow:0 2px 8px #0005}
body.pt-busy #pt-busy{display:flex}
body.pt-busy .pt-app{cursor:progress}
.pt-spinner{width:14px;height:14px;border:3px solid #fff6;border-top-color:#fff;border-radius:50%;animation:pt-spin .8s linear infinite}
@keyframes pt-spin{to{transform:rotate(360deg)}}
.pt-app .lm-TabBar-content{flex-wrap:wrap}
.pt-app .lm-TabBar{height:auto !important;min-height:fit-content}
.pt-app .lm-TabBar-tab{flex:1 1 auto !important;min-width:0 !important;max-width:none !important}
@media (max-width:640px){
 body{margin:0 !important}
 .jp-Cell,.jp-OutputArea-output,.jp-Cell-outputWrapper{padding:0 !important;margin:0 !important}
 .pt-app{max-width:100vw;overflow-x:hidden}
 .pt-app .widget-dropdown,.pt-app .widget-text{max-width:100% !important}
 .pt-app .widget-hbox{flex-wrap:wrap}
 .pt-app .pt-history-row .widget-dropdown{width:100% !important}
 .pt-app > .pt-intro{order:10}
 .pt-stepper > .pt-status{order:-4}
 .pt-stepper > .pt-guide-slot{order:-3}
 .pt-stepper > .pt-decisions{order:-3}
 .pt-stepper > .pt-messages{order:-2}
 .pt-stepper > .pt-controls{order:-1}
 .pt-stepper > .pt-banner{order:-5}
}
</style>"""

SCRIPT = """<script>  // # i18n: not prose (code)
(function () {
  if (window.__ptPage) { return; }
  window.__ptPage = true;
  if (!/(^|;\\s*)_xsrf=/.test(document.cookie)) {
    var a = new Uint8Array(16); (window.crypto || window.msCrypto).getRandomValues(a);
    var tok = Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
    document.cookie = '_xsrf=' + tok + '; path=/; SameSite=Strict';
  }
  var busyTimer = null, lastClass = null, changed = false, idleTimer = null;
  function app() { return document.querySelector('.pt-app'); }
  function setBusy(on) {
    var a = app(), lang = null;
    if (on && a) { a.classList.forEach(function (c) { if (c.indexOf('pt-lang-') === 0) { lang = c.slice(8); } }); }
    if (lang) {
      document.querySelectorAll('#pt-busy [data-lang]').forEach(function (s) {
        s.style.display = s.getAttribute('data-lang') === lang ? '' : 'none'; });
    }
    document.body.classList.toggle('pt-busy', on);
  }
  function refocus() {
    var a = document.activeElement;
    if (a && a !== document.body && document.contains(a)) { return; }
    var target = null;
    if (lastClass) { target = document.querySelector('.pt-app button.' + lastClass + ':not([disabled])'); }
    if (!target) { target = document.querySelector('.pt-decision button.pt-choice:not([disabled])'); }
    if (!target) { target = document.querySelector('.pt-app button.pt-next-phase:not([disabled])'); }
    if (target) { target.focus({preventScroll: true}); }
  }
  function showSpots() {
    if (lastClass !== 'pt-hand-card') { return; }
    var spots = document.querySelector('.pt-decision .pt-spots .pt-spot-button');
    if (spots) { spots.closest('.pt-spots').scrollIntoView({block: 'nearest'}); }
  }
  new MutationObserver(function (records) {
    var inApp = records.some(function (r) {
      var n = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      return n && n.closest && n.closest('.pt-app') !== null;
    });
    if (!inApp) { return; }
    changed = true;
    if (busyTimer !== null) { clearTimeout(busyTimer); busyTimer = null; }
    clearTimeout(idleTimer);
    idleTimer = setTimeout(function () { setBusy(false); refocus(); showSpots(); }, 120);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true,
                              attributeFilter: ['data-tick', 'disabled', 'class']});
  document.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('.pt-app button');
    if (!b) { return; }
    lastClass = null;
    ['pt-next-decision', 'pt-next-phase', 'pt-next-turn', 'pt-to-end', 'pt-undo', 'pt-new-game', 'pt-stop',
     'pt-hand-card', 'pt-spot-button', 'pt-done'].forEach(function (c) {
      if (b.classList.contains(c) && lastClass === null) { lastClass = c; }
    });
    changed = false;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(function () { busyTimer = null; if (!changed) { setBusy(true); } }, 300);
    setTimeout(function () { setBusy(false); }, 120000);
  }, true);
  function press(sel) {
    var b = document.querySelector(sel);
    if (b && !b.disabled) { b.focus({preventScroll: true}); b.click(); return true; }
    return false;
  }
  document.addEventListener('keydown', function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    var el = ev.target;
    var tag = (el && el.tagName || '').toLowerCase();
    if (tag === 'input' || tag === 'textarea' || tag === 'select' || (el && el.isContentEditable)) { return; }
    var k = ev.key, done = false;
    if (k === 'n') { done = press('.pt-app button.pt-next-decision'); }
    else if (k === 'p') { done = press('.pt-app button.pt-next-phase'); }
    else if (k === 'u') { done = press('.pt-app button.pt-undo'); }
    else if (/^[1-9]$/.test(k)) {
      var opts = Array.prototype.filter.call(document.querySelectorAll('.pt-decision button.pt-choice'),
        function (x) { return !x.disabled && x.offsetParent !== null; });
      var b = opts[Number(k) - 1];
      if (b) { b.focus({preventScroll: true}); b.click(); done = true; }
    }
    if (done) { ev.preventDefault(); }
  });
})();
</script>"""


def page_html(lang: str | None = None) -> str:
    """The style, the busy sign and the script, for one ``display(HTML(...))``.  The busy
    sign holds its word in every language; the one of the app's language (its
    ``pt-lang-*`` class, which a link or the switch may change after this was drawn) shows."""
    lang = check_language(lang) if lang else get_language()
    hidden = ' style="display:none"'
    words = "".join(f'<span data-lang="{code}"{"" if code == lang else hidden}>{escape(t("app.busy", code))}</span>'
                    for code in LANGUAGES)
    return (STYLE + f'<div id="pt-busy" role="status" aria-live="polite"><span class="pt-spinner"></span>'
            f'{words}</div>' + SCRIPT)


def page_extras(lang: str | None = None) -> None:
    """Display the page helpers (in the app notebook, before the app)."""
    from IPython.display import HTML, display
    display(HTML(page_html(lang)))
