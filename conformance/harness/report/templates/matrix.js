// The matrix's filter and search, and opening a rule's details when its link is followed.
(function () {
  "use strict";
  var rows = Array.prototype.slice.call(document.querySelectorAll("tr.rule"));
  var search = document.getElementById("search");
  var shown = document.getElementById("shown");
  var radios = Array.prototype.slice.call(document.querySelectorAll("input[name=filter]"));

  function wanted() {
    var chosen = radios.filter(function (r) { return r.checked; })[0];
    var statuses = chosen ? chosen.getAttribute("data-statuses") : "";
    return statuses ? statuses.split(" ") : [];
  }

  function apply() {
    var statuses = wanted();
    var text = search.value.trim().toLowerCase();
    var count = 0;
    rows.forEach(function (row) {
      var tokens = row.getAttribute("data-tokens").split(" ");
      var byStatus = statuses.length === 0 || statuses.some(function (s) { return tokens.indexOf(s) >= 0; });
      var byText = text === "" || row.getAttribute("data-search").indexOf(text) >= 0;
      row.hidden = !(byStatus && byText);
      if (!row.hidden) { count += 1; }
    });
    shown.textContent = count + " of " + rows.length + " rules";
  }

  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target) { return; }
    var details = target.tagName === "DETAILS" ? target : target.closest("details");
    if (details) { details.open = true; target.scrollIntoView(); }
  }

  radios.forEach(function (r) { r.addEventListener("change", apply); });
  search.addEventListener("input", apply);
  window.addEventListener("hashchange", openTarget);
  apply();
  openTarget();
})();
