// The bajutsu demo app: plain DOM, hash routes, deterministic behaviour.
// Credentials: demo / secret123. Every interactive element carries a data-testid.
"use strict";

const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const state = { user: null, count: 0, ticks: 0, tickerOn: true, slide: 0, onboardingPage: 0 };
const SLIDES = ["Sunrise", "Harbour", "Forest", "Desert", "Aurora"];
const ONBOARDING = [
  ["Welcome", "bajutsu drives this app from YAML scenarios."],
  ["Deterministic", "Every wait has a condition and a timeout."],
  ["Evidence", "Every step keeps screenshots and the element tree."],
];
const ITEMS = Array.from({ length: 200 }, (_, i) => `Item ${i + 1}`);
let tickerTimer = null;

function show(screen) {
  for (const s of document.querySelectorAll("[data-screen]")) {
    s.hidden = s.dataset.screen !== screen;
  }
  $("nav.back").hidden = ["onboarding", "login", "home"].includes(screen);
  $("nav.title").textContent = screen === "home"
    ? "bajutsu demo"
    : screen[0].toUpperCase() + screen.slice(1);
  if (screen === "ticker") startTicker();
  else stopTicker();
}

function route() {
  const screen = (location.hash.replace(/^#\//, "") || "onboarding").split("?")[0];
  const needsLogin = !["onboarding", "login"].includes(screen);
  if (needsLogin && !state.user) {
    location.hash = "#/login";
    return;
  }
  if (screen === "home") $("home.title").textContent = `Welcome, ${state.user}`;
  if (screen === "onboarding") renderOnboarding();
  show(screen);
}

// --- onboarding
function renderOnboarding() {
  const [heading, body] = ONBOARDING[state.onboardingPage];
  $("onboarding.heading").textContent = heading;
  $("onboarding.body").textContent = body;
  $("onboarding.page").textContent = `${state.onboardingPage + 1}/${ONBOARDING.length}`;
  $("onboarding.next").textContent = state.onboardingPage === ONBOARDING.length - 1
    ? "Get started"
    : "Next";
}
$("onboarding.next").addEventListener("click", () => {
  if (state.onboardingPage === ONBOARDING.length - 1) location.hash = "#/login";
  else {
    state.onboardingPage++;
    renderOnboarding();
  }
});
$("onboarding.skip").addEventListener("click", () => (location.hash = "#/login"));

// --- login: the submit button enables once both fields have text
const updateSubmit =
  () => ($("login.submit").disabled = !($("login.username").value && $("login.password").value));
$("login.username").addEventListener("input", updateSubmit);
$("login.password").addEventListener("input", updateSubmit);
$("login.form").addEventListener("submit", (e) => {
  e.preventDefault();
  $("login.error").hidden = true;
  $("login.progress").hidden = false;
  const user = $("login.username").value, pass = $("login.password").value;
  setTimeout(() => {
    $("login.progress").hidden = true;
    if (user === "demo" && pass === "secret123") {
      state.user = user;
      $("login.password").value = "";
      updateSubmit();
      location.hash = "#/home";
    } else {
      $("login.error").textContent = "Invalid username or password";
      $("login.error").hidden = false;
    }
  }, 400);
});
$("home.logout").addEventListener("click", () => {
  state.user = null;
  location.hash = "#/login";
});
$("nav.back").addEventListener("click", () => (location.hash = "#/home"));

// --- counter
const renderCount = () => ($("counter.value").textContent = String(state.count));
$("counter.increment").addEventListener("click", () => {
  state.count++;
  renderCount();
});
$("counter.decrement").addEventListener("click", () => {
  state.count--;
  renderCount();
});
$("counter.reset").addEventListener("click", () => {
  state.count = 0;
  renderCount();
});

// --- long list with a filter
function renderList() {
  const q = $("list.filter").value.trim().toLowerCase();
  const shown = ITEMS.filter((t) => t.toLowerCase().includes(q));
  const ul = $("list.container");
  ul.replaceChildren(...shown.map((t) => {
    const li = document.createElement("li");
    li.dataset.testid = `list.row.${t.split(" ")[1]}`;
    li.setAttribute("role", "cell");
    li.textContent = t;
    return li;
  }));
  $("list.count").textContent = `${shown.length} items`;
}
$("list.filter").addEventListener("input", renderList);

// --- live ticker: a value that never holds still until paused
function startTicker() {
  if (tickerTimer || !state.tickerOn) return;
  tickerTimer = setInterval(() => {
    state.ticks++;
    $("ticker.value").textContent = String(state.ticks);
  }, 100);
}
function stopTicker() {
  clearInterval(tickerTimer);
  tickerTimer = null;
}
$("ticker.toggle").addEventListener("click", () => {
  state.tickerOn = !state.tickerOn;
  $("ticker.toggle").textContent = state.tickerOn ? "Pause" : "Resume";
  $("ticker.state").textContent = state.tickerOn ? "running" : "paused";
  if (state.tickerOn) startTicker();
  else stopTicker();
});

// --- delayed element
$("delayed.load").addEventListener("click", () => {
  $("delayed.spinner").hidden = false;
  $("delayed.content").hidden = true;
  setTimeout(() => {
    $("delayed.spinner").hidden = true;
    $("delayed.content").hidden = false;
  }, 1500);
});

// --- modal
$("modal.open").addEventListener("click", () => ($("modal.overlay").hidden = false));
$("modal.cancel").addEventListener("click", () => {
  $("modal.overlay").hidden = true;
  $("modal.result").textContent = "cancelled";
});
$("modal.confirm").addEventListener("click", () => {
  $("modal.overlay").hidden = true;
  $("modal.result").textContent = "confirmed";
});
$("modal.behind").addEventListener("click", () => ($("modal.result").textContent = "behind"));

// --- long-press menu: hold for 500 ms
let pressTimer = null;
$("menu.target").addEventListener("pointerdown", () => {
  pressTimer = setTimeout(() => ($("menu.popup").hidden = false), 500);
});
for (const ev of ["pointerup", "pointerleave", "pointercancel"]) {
  $("menu.target").addEventListener(ev, () => clearTimeout(pressTimer));
}
for (const id of ["menu.copy", "menu.share", "menu.delete"]) {
  $(id).addEventListener("click", () => {
    $("menu.result").textContent = `chose ${$(id).textContent.toLowerCase()}`;
    $("menu.popup").hidden = true;
  });
}

// --- carousel: a drag or a horizontal wheel moves one slide
const track = document.querySelector(".track");
track.replaceChildren(...SLIDES.map((name, i) => {
  const d = document.createElement("div");
  d.className = "slide";
  d.dataset.testid = `carousel.slide.${i + 1}`;
  d.setAttribute("role", "img");
  d.setAttribute("aria-label", name);
  d.textContent = name;
  return d;
}));
function renderSlide() {
  track.style.transform = `translateX(${-state.slide * 100}%)`;
  $("carousel.index").textContent = `${state.slide + 1}/${SLIDES.length}`;
  SLIDES.forEach((_, i) => {
    const s = $(`carousel.slide.${i + 1}`);
    if (i === state.slide) s.setAttribute("aria-current", "true");
    else s.removeAttribute("aria-current");
  });
}
function step(dir) {
  state.slide = Math.max(0, Math.min(SLIDES.length - 1, state.slide + dir));
  renderSlide();
}
let dragStart = null;
$("carousel.viewport").addEventListener("pointerdown", (e) => (dragStart = e.clientX));
$("carousel.viewport").addEventListener("pointerup", (e) => {
  if (dragStart === null) return;
  const dx = e.clientX - dragStart;
  dragStart = null;
  if (Math.abs(dx) > 30) step(dx < 0 ? 1 : -1);
});
let wheelLock = false;
$("carousel.viewport").addEventListener("wheel", (e) => {
  const dx = Math.abs(e.deltaX) >= Math.abs(e.deltaY) ? e.deltaX : 0;
  if (Math.abs(dx) < 30) return;
  e.preventDefault();
  if (wheelLock) return;
  wheelLock = true;
  step(dx > 0 ? 1 : -1);
  setTimeout(() => (wheelLock = false), 50);
}, { passive: false });

// --- settings: a switch, a select and a Save that enables on change
const dirty = () => {
  $("settings.save").disabled = false;
  $("settings.saved").hidden = true;
};
$("settings.notifications").addEventListener("change", dirty);
$("settings.theme").addEventListener("change", dirty);
$("settings.save").addEventListener("click", () => {
  $("settings.save").disabled = true;
  $("settings.saved").hidden = false;
});

renderCount();
renderList();
renderSlide();
globalThis.addEventListener("hashchange", route);
route();
