// Tutorial navigation: left/right arrow keys follow the Previous/Next links (htmx handles the
// request when it is loaded; otherwise the link is followed). Keys typed in a form field are
// left alone. After an htmx step change, the new step's heading is scrolled to the top and focused.
(function () {
  "use strict";
  function inFormField(element) {
    if (!element) return false;
    const tag = element.tagName;
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || tag === "BUTTON" || element.isContentEditable;
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (inFormField(document.activeElement)) return;
    const link = document.querySelector('.step-pager a[data-key="' + event.key + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });
  // Odds calculator: the going-for-it option takes the chosen edition's name at once (the
  // server names it after a submit too: each option carries data-label-<edition>).
  document.addEventListener("change", function (event) {
    const radio = event.target;
    if (!radio.matches || !radio.matches('.odds-form input[name="edition"]')) return;
    const attribute = "data-label-" + radio.value;
    radio.form.querySelectorAll("option[" + attribute + "]").forEach(function (option) {
      option.textContent = option.getAttribute(attribute);
    });
    // A kind of roll only some editions have (2025's Unchannelled Fury) is offered in those only.
    radio.form.querySelectorAll("option[data-editions]").forEach(function (option) {
      option.hidden = option.getAttribute("data-editions").split(" ").indexOf(radio.value) < 0;
    });
  });
  // Odds calculator: a row whose kind changes gets that kind's usual value (the server does the
  // same without JavaScript, from the row's previous kind pk<n>).
  document.addEventListener("change", function (event) {
    const select = event.target;
    if (!select.matches || !select.matches(".odds-form select.odds-kind")) return;
    const row = select.closest(".odds-row");
    const option = select.selectedOptions[0];
    const value = row && row.querySelector('input[name^="v"]');
    const previous = row && row.querySelector('input[name^="pk"]');
    if (value && option) value.value = option.getAttribute("data-default") || "";
    if (previous) previous.value = select.value;
  }, true);
  // Odds calculator and a tutorial step's try-it form: after an update, each field whose message
  // is not empty is marked invalid and described by it (the messages are swapped in place, next to
  // their fields; the fields keep the reader's focus and typing). A step's field keeps its range
  // hint in its description. After the Compute button, the first field with a mistake gets the focus.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    document.querySelectorAll(".odds-form .error[id$='-error'], .try-it .error[id$='-error']").forEach(function (message) {
      const field = document.getElementById(message.id.slice(0, -"-error".length));
      if (!field) return;
      const bad = message.textContent.trim() !== "";
      field.toggleAttribute("aria-invalid", bad);
      if (bad) field.setAttribute("aria-invalid", "true");
      const hint = document.getElementById(field.id + "-hint");
      const described = (bad ? [message.id] : []).concat(hint ? [hint.id] : []);
      if (described.length) field.setAttribute("aria-describedby", described.join(" ")); else field.removeAttribute("aria-describedby");
      const holder = field.closest(".odds-row, .odds-player, .try-it__field");
      if (holder) holder.classList.toggle("has-error", bad);
    });
    const form = document.querySelector("form.try-it");
    const trigger = event.detail && event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (!form || !trigger || trigger.type !== "submit") return;
    const first = form.querySelector('[aria-invalid="true"]');
    if (first) first.focus();
  });
  // htmx swaps the whole step (#tutorial-step, outerHTML) after Previous or Next: the event's
  // element is then the new step.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    const swapped = event.detail.elt;
    if (!swapped || swapped.id !== "tutorial-step") return;
    // The reader tapped Next at the bottom of the step: bring the new step's heading to the top
    // of the screen and give it the focus, so that it is announced.
    const heading = document.getElementById("step-heading");
    if (heading) {
      heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    }
  });
  // Odds builder: every chip and card is a link whose page comes back in place (#odds-page). The
  // focus goes back to the control tapped (its data-key), or to the new step's heading after a
  // card, scrolled into view if needed; the sticky answer above it has changed meanwhile.
  let tapped = null;
  document.addEventListener("click", function (event) {
    const link = event.target.closest ? event.target.closest("#odds-page a[data-key]") : null;
    if (link) tapped = link.getAttribute("data-key");
  }, true);
  document.body.addEventListener("htmx:afterSettle", function (event) {
    const swapped = event.detail.elt;
    if (!swapped || swapped.id !== "odds-page" || !tapped) return;
    let element = null;
    if (tapped.indexOf("card-") === 0) {
      const titles = swapped.querySelectorAll(".build-step__title");
      element = titles[titles.length - 1] || null;
    } else {
      element = swapped.querySelector('[data-key="' + tapped + '"]') || document.getElementById("odds-summary");
    }
    tapped = null;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "nearest" });
  });
})();
