import { useSearchParams } from "react-router";
import { EmailAddress } from "@/components/ui/email-address";
import { Spinner } from "@/components/ui/spinner";
import { formatTimestamp } from "@/lib/field-changes";
import { usePeople, type PeopleFilters, type Person } from "../api/get-people";
import { peopleFiltersFrom, peopleSearchParams } from "../utils/people-filters";
import { invitedAsText, personStateText, roleLabels } from "../utils/person-state";
import { AdminTable } from "./admin-table";
import { InvitePersonButton } from "./invite-person-button";
import { LoadMoreButton } from "./load-more-button";
import { PeopleFiltersForm } from "./people-filters-form";
import { PersonActions } from "./person-actions";
import adminStyles from "./admin.module.css";
import styles from "./people.module.css";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function PersonRow({ person }: { person: Person }) {
  const { posts, comments, reportsAgainst } = person.counts;
  // Until they accept, an invitee has no name of their own (the placeholder "Member") and no role yet: their address and the role they are invited to say who they are.
  const invited = person.state === "invited";
  return (
    <tr>
      <td data-label="Person">
        <div className={styles.person}>
          {invited ? (
            <strong>
              <EmailAddress address={person.email} />
            </strong>
          ) : (
            <>
              <strong>{person.displayName}</strong>
              <EmailAddress address={person.email} />
            </>
          )}
        </div>
      </td>
      <td data-label="Role">{invited ? invitedAsText(person) : roleLabels[person.role]}</td>
      <td data-label="State">
        <div>
          <span className={person.state === "active" ? undefined : styles.flagged}>{personStateText(person)}</span>
          {person.state === "suspended" && person.suspensionReason && <span className={adminStyles.logDetail}>{person.suspensionReason}</span>}
        </div>
      </td>
      <td data-label="Joined">
        <time dateTime={person.joinedAt}>{formatTimestamp(person.joinedAt)}</time>
      </td>
      <td data-label="Last sign-in">
        {person.lastSignInAt ? <time dateTime={person.lastSignInAt}>{formatTimestamp(person.lastSignInAt)}</time> : <span className={adminStyles.muted}>Never</span>}
      </td>
      <td data-label="Activity">
        {count(posts, "post", "posts")}, {count(comments, "comment", "comments")}, {count(reportsAgainst, "report", "reports")} against
      </td>
      <td data-label="Actions">
        <PersonActions person={person} />
      </td>
    </tr>
  );
}

/** /admin/people: every account, newest joined first, found by name or e-mail and filtered by role and state (all in the address), a page at a time. */
export function PeopleList() {
  const [params, setParams] = useSearchParams();
  const filters = peopleFiltersFrom(params);
  const people = usePeople(filters);
  const setFilters = (next: PeopleFilters) => setParams(peopleSearchParams(next), { replace: true });
  const list = people.data?.pages.flatMap((page) => page.people) ?? [];

  return (
    <>
      <div className={styles.toolbar}>
        <PeopleFiltersForm filters={filters} onChange={setFilters} />
        <InvitePersonButton />
      </div>
      {people.isPending ? (
        <Spinner label="Loading people" />
      ) : people.isError ? (
        <p className={adminStyles.empty}>The people could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className={adminStyles.empty}>No one matches.</p>
      ) : (
        <>
          <AdminTable
            caption="People, newest joined first"
            columns={["Person", "Role", "State", "Joined", "Last sign-in", "Activity", "Actions"]}
            className={styles.table}
          >
            {list.map((person) => (
              <PersonRow key={person.id} person={person} />
            ))}
          </AdminTable>
          <LoadMoreButton pages={people} />
        </>
      )}
    </>
  );
}
