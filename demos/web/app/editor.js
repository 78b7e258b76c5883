// The notes page: deterministic, no test ids. Publishing is enabled 600 ms after a title is
// typed ("checking"), says so in an alert(), and deleting asks with confirm().
"use strict";

const q = (sel) => document.querySelector(sel);
const title = q("#title");
const publish = q(".publish");
const check = q(".check");
const result = q(".result");
const status = q(".status");
let checking = null;

function say(el, text) {
  el.textContent = text;
  el.hidden = false;
}

title.addEventListener("input", () => {
  publish.disabled = true;
  clearTimeout(checking);
  if (title.value.trim() === "") {
    check.hidden = true;
    return;
  }
  check.hidden = false;
  checking = setTimeout(() => {
    check.hidden = true;
    publish.disabled = false;
  }, 600);
});

function doPublish() {
  if (publish.disabled) return;
  alert(`Published: ${title.value}`);
  say(result, `Published "${title.value}"`);
  status.textContent = "Published";
}
publish.addEventListener("click", doPublish);
document.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && e.ctrlKey) doPublish();
  if (e.key === "Escape") q(".menu").hidden = true;
});

q('[title="Delete note"]').addEventListener("click", () => {
  if (confirm("Delete this note?")) {
    title.value = "";
    q("#body").value = "";
    say(result, "Note deleted");
  } else {
    say(result, "Kept the note");
  }
});

q('[title="Bold"]').addEventListener("click", () => (status.textContent = "Bold on"));

// A context menu on each recent note (secondary click), closed by Escape or a choice.
const menu = q(".menu");
let target = null;
for (const note of document.querySelectorAll(".note")) {
  note.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    target = note;
    menu.style.left = `${e.pageX}px`;
    menu.style.top = `${e.pageY}px`;
    menu.hidden = false;
  });
}
for (const item of menu.querySelectorAll("button")) {
  item.addEventListener("click", () => {
    say(q(".picked"), `${item.textContent}: ${target.textContent}`);
    menu.hidden = true;
  });
}

q(".archive").addEventListener("click", () => {
  q(".notes").replaceChildren();
  q(".archived").hidden = false;
});
