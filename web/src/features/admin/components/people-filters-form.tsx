import { useEffect, useEffectEvent, useRef, useState } from "react";
import { InputField } from "@/components/ui/form/input-field";
import { SelectField } from "@/components/ui/form/select-field";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import type { PeopleFilters, PersonRole, PersonState } from "../api/get-people";
import { roleOptions, stateOptions } from "../utils/people-filters";
import styles from "./people.module.css";

const SEARCH_PAUSE_MS = 350;

type Props = {
  filters: PeopleFilters;
  /** Called with the new filters; the route keeps them in the address. */
  onChange: (filters: PeopleFilters) => void;
};

/** People's search (by name or e-mail, sent when the typing pauses) and its role and state filters. */
export function PeopleFiltersForm({ filters, onChange }: Props) {
  const [text, setText] = useState(filters.q);
  const settled = useDebouncedValue(text, SEARCH_PAUSE_MS);
  const lastSent = useRef(filters.q);
  const send = useEffectEvent((q: string) => onChange({ ...filters, q }));

  useEffect(() => {
    if (settled === lastSent.current) return;
    lastSent.current = settled;
    send(settled);
  }, [settled]);

  // Back or forward changed the address: the field follows it.
  useEffect(() => {
    if (filters.q === lastSent.current) return;
    lastSent.current = filters.q;
    setText(filters.q);
  }, [filters.q]);

  return (
    <form role="search" aria-label="Find people" className={styles.filters} onSubmit={(event) => event.preventDefault()}>
      <InputField label="Search by name or e-mail" type="search" value={text} onChange={(event) => setText(event.target.value)} />
      <SelectField
        label="Role"
        options={roleOptions}
        value={filters.role}
        onChange={(event) => onChange({ ...filters, q: text, role: event.target.value as PersonRole | "" })}
      />
      <SelectField
        label="State"
        options={stateOptions}
        value={filters.state}
        onChange={(event) => onChange({ ...filters, q: text, state: event.target.value as PersonState | "" })}
      />
    </form>
  );
}
