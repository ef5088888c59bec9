import { emptyPostFields, type InfoBoxDraft, type PostFieldValues } from "@/lib/post-fields";

/**
 * What a member has typed into the create-post form, kept in this browser's
 * localStorage per user until it is sent or discarded, so a reload or a
 * refused submission never loses it. Media files cannot be stored there.
 */
export interface PostDraft {
  fields: PostFieldValues;
  infoDraft: InfoBoxDraft;
}

const keyFor = (userId: string) => `archive:create-post-draft:${userId}`;
const emptyInfoDraft: InfoBoxDraft = { title: "", lines: "" };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether nothing has been typed: such a draft is not kept. */
export function isEmptyDraft({ fields, infoDraft }: PostDraft): boolean {
  const sameAsEmpty = (Object.keys(emptyPostFields) as (keyof PostFieldValues)[]).every((key) =>
    key === "infoBoxes" ? fields.infoBoxes.length === 0 : fields[key] === emptyPostFields[key]);
  return sameAsEmpty && !infoDraft.title.trim() && !infoDraft.lines.trim();
}

const isString = (value: unknown): value is string => typeof value === "string";

/** Only the known fields, of the right types: a stored draft may come from an older version of the form. */
function readFields(stored: Record<string, unknown>): PostFieldValues {
  const fields: PostFieldValues = { ...emptyPostFields, infoBoxes: [] };
  for (const key of Object.keys(emptyPostFields) as (keyof PostFieldValues)[]) {
    const value = stored[key];
    if (key === "infoBoxes") {
      if (Array.isArray(value)) {
        fields.infoBoxes = value.filter((box) => box && isString(box.title) && isString(box.lines)).map(({ title, lines }) => ({ title, lines }));
      }
    } else if (typeof value === typeof emptyPostFields[key]) {
      (fields as Record<string, unknown>)[key] = value;
    }
  }
  return fields;
}

export function loadDraft(userId: string): PostDraft | null {
  try {
    const raw = storage()?.getItem(keyFor(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { fields?: Record<string, unknown>; infoDraft?: Record<string, unknown> };
    if (!parsed || typeof parsed !== "object" || !parsed.fields || typeof parsed.fields !== "object") return null;
    const info = parsed.infoDraft;
    const draft = {
      fields: readFields(parsed.fields),
      infoDraft: info && isString(info.title) && isString(info.lines) ? { title: info.title, lines: info.lines } : emptyInfoDraft,
    };
    return isEmptyDraft(draft) ? null : draft;
  } catch {
    return null;
  }
}

/** Keeps the draft, or forgets it when nothing is typed. */
export function saveDraft(userId: string, draft: PostDraft): void {
  if (isEmptyDraft(draft)) return clearDraft(userId);
  try {
    storage()?.setItem(keyFor(userId), JSON.stringify(draft));
  } catch {
    // Storage full or unavailable (private mode): the form still works, without a kept draft.
  }
}

export function clearDraft(userId: string): void {
  try {
    storage()?.removeItem(keyFor(userId));
  } catch {
    // Nothing to clear where there is no storage.
  }
}
