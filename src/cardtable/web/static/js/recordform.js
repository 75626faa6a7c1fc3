// The form that opens a record (a file, or pasted text), for the review and the replay.
import { t } from "./i18n.js";

/** Wire `<prefix>-form`: `open(data)` gets the parsed record, `fail(message)` a reason
 *  (an unreadable file, text that is no JSON). Marks the form as taken over by its
 *  script (`data-ready`): a submit before that reloads the page. */
export function recordForm(prefix, open, fail) {
  const form = document.getElementById(`${prefix}-form`);
  const read = (text) => {
    let data;
    try { data = JSON.parse(text); } catch (e) { fail(t("this is not a record: the text is not valid JSON ({message})", { message: e.message })); return; }
    open(data);
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const file = document.getElementById(`${prefix}-file`).files[0];
    if (file) file.text().then(read, (e) => fail(e.message));
    else read(document.getElementById(`${prefix}-text`).value);
  });
  form.dataset.ready = "1";
}
