// A WebKitGTK browser for WebKitWebDriver, run by Debian's GJS (`gjs -m`), not by Node. WebKitGTK's
// MiniBrowser keeps an automated session private, and WebKit writes no console message of a private
// page anywhere; this one keeps its data in a folder the suite gives and removes, so each console
// message reaches its standard output, and it runs the suite's probe (probe.mjs) in every page before
// the page's scripts. Arguments: --data-dir <folder> --user-script <source>.
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=3.0';
import WebKit2 from 'gi://WebKit2?version=4.1';
import System from 'system';

/** @param {string} name */
function argument(name) {
  const args = System.programArgs;
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : undefined;
}

const dataDir = argument('--data-dir');
const userScript = argument('--user-script');
if (!dataDir || !userScript) {
  console.error('usage: gjs -m webkit-embedder.js --data-dir <folder> --user-script <source>');
  System.exit(2);
}

Gtk.init(null);
const context = new WebKit2.WebContext({
  website_data_manager: new WebKit2.WebsiteDataManager({
    base_data_directory: GLib.build_filenamev([dataDir, 'data']),
    base_cache_directory: GLib.build_filenamev([dataDir, 'cache']),
  }),
});
context.set_automation_allowed(true);
// Without a GPU, WebKitGTK's accelerated compositing renders through Mesa's software GL: the same
// smoke run cost 46–52 CPU-s with it and 14–15 without, on a CPU the rest of `npm test` needs. The
// checks are about behaviour (render, hydrate, CSP, console), which compositing does not change.
const settings = new WebKit2.Settings({
  enable_write_console_messages_to_stdout: true,
  hardware_acceleration_policy: WebKit2.HardwareAccelerationPolicy.NEVER,
});
const content = new WebKit2.UserContentManager();
content.add_script(
  new WebKit2.UserScript(
    userScript,
    WebKit2.UserContentInjectedFrames.TOP_FRAME,
    WebKit2.UserScriptInjectionTime.START,
    null,
    null,
  ),
);

let windows = 0;
context.connect('automation-started', (_context, session) => {
  const info = new WebKit2.ApplicationInfo();
  info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version());
  session.set_application_info(info);
  session.connect('create-web-view', () => {
    const view = new WebKit2.WebView({
      web_context: context,
      settings,
      user_content_manager: content,
      is_controlled_by_automation: true,
    });
    const toplevel = new Gtk.Window({ default_width: 1280, default_height: 800 });
    toplevel.add(view);
    windows += 1;
    // The driver closes a window by asking its page to close; the last one ends the browser.
    view.connect('close', () => toplevel.destroy());
    toplevel.connect('destroy', () => {
      windows -= 1;
      if (windows === 0) Gtk.main_quit();
    });
    toplevel.show_all();
    return view;
  });
});

Gtk.main();
