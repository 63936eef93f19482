/* Clause ids never break at their hyphen on a narrow screen ("TB-|4.2"): every clause id (BK-4.11,
   BD-5.8(a), BH-4.12.5) and entry id of the rules (DP-4) in the text of the rendered Markdown cells
   (headings included) and of the outputs (printed text, HTML) is put in a span.cg-nowrap, which
   outputs.css keeps on one line; docs/hooks.py does the same on the documentation site.  The
   Markdown comes rendered with the page, the outputs are drawn by JupyterLab's renderers after
   it has loaded (and again as a cell prints more), so new nodes are watched.  The widgets mark
   their own ids (abbr.cg-rule) and are left alone.  index.html.j2 includes this script. */
(function () {
  "use strict";
  // an id as docs/hooks.py finds it: a clause of any game (cardgames.core.rulebook.CITED: two capitals, a
  // hyphen, a number with its parts, a letter) or an entry id of a rules document (one or two capitals)
  var ID = /\b[A-Z]{1,2}-\d+(?:\.\d+)*(?:[a-z]\b|\s?\([a-z]\))?/g;
  var SCOPE = ".jp-RenderedMarkdown, .jp-RenderedText, .jp-RenderedHTML";
  var LEFT_ALONE = ".cg-nowrap, .cg-rule, .jupyter-widgets, script, style, textarea";

  function keepWhole(text) {
    var data = text.data;
    var parts = document.createDocumentFragment();
    var done = 0;
    var match;
    ID.lastIndex = 0;
    while ((match = ID.exec(data)) !== null) {
      if (match.index > done) {
        parts.appendChild(document.createTextNode(data.slice(done, match.index)));
      }
      var whole = document.createElement("span");
      whole.className = "cg-nowrap";
      whole.textContent = match[0];
      parts.appendChild(whole);
      done = match.index + match[0].length;
    }
    if (done === 0) {
      return;
    }
    if (done < data.length) {
      parts.appendChild(document.createTextNode(data.slice(done)));
    }
    text.parentNode.replaceChild(parts, text);
  }

  function inScope(text) {
    var parent = text.parentElement;
    return parent !== null && parent.closest(SCOPE) !== null && parent.closest(LEFT_ALONE) === null;
  }

  function visit(node) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (inScope(node)) {
        keepWhole(node);
      }
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || (node.closest(SCOPE) === null && node.querySelector(SCOPE) === null)) {
      return;
    }
    var found = [];
    var walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (var text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      ID.lastIndex = 0;
      if (ID.test(text.data) && inScope(text)) {
        found.push(text);
      }
    }
    found.forEach(keepWhole); // after the walk: a replaced node would end it
  }

  visit(document.body);
  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      change.addedNodes.forEach(visit);
    });
  }).observe(document.body, { childList: true, subtree: true });
})();
