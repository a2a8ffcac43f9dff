import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../../api/client.js';
import type { SubjectList } from '../../api/types/swarm.js';

type Subjects = SubjectList['subjects'];

/** Every subject, asked for once per page load: lists name the same few subjects on every row. */
let subjects: Promise<Subjects> | null = null;

function allSubjects(): Promise<Subjects> {
  subjects ??= getJson<SubjectList>('/api/swarm/subjects').then(
    (list) => list.subjects,
    () => {
      subjects = null;
      return [];
    },
  );
  return subjects;
}

/** Every subject (for a filter's choices); undefined while they are asked for. */
export function useSubjects(): Subjects | undefined {
  const [list, setList] = useState<Subjects | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void allSubjects().then((found) => {
      if (current) setList(found);
    });
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/** A subject's name: undefined while it is asked for, null when the service has no such subject. */
export function useSubjectName(id: string | null | undefined): string | null | undefined {
  const list = useSubjects();
  if (id === null || id === undefined || list === undefined) return undefined;
  return list.find((subject) => subject.id === id)?.name ?? null;
}

/** A subject as readers know it, by its name; its id shows only as code, when it has no record. */
export function SubjectName({ id }: { id: string | null }) {
  const name = useSubjectName(id);
  if (id === null) return <span class="muted">—</span>;
  if (name === undefined)
    return (
      <span class="subject-name loading" aria-busy="true">
        …
      </span>
    );
  if (name === null) return <code>{id}</code>;
  return <span class="subject-name">{name}</span>;
}
