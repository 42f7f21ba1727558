// The drawer of a posted document (assemblies, transfers, and any document that is a draft, then posted, perhaps
// cancelled): the document read by id, the failure of its last step, the confirmation under way ('Провести',
// 'Видалити чернетку?', 'Скасувати' with its reason), and the frame — the title with the status, the description,
// the loading or load error, the body and the footer the module gives. What the module adds (its lines, serials,
// its own actions) stays the module's.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import {
  DeleteDraftDialog,
  DocumentLoadState,
  type DocumentDialogState,
  type DocumentLoadTexts,
} from '@/web/components/document-dialog.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { CancelDocumentDialog } from '@/web/components/document-view.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/web/components/ui/sheet.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';

/** The confirmation the drawer shows: before posting, deleting the draft or cancelling the posted document. */
export type DrawerConfirming = 'post' | 'delete' | 'cancel' | null;

/** A document the drawer shows: its id, number and version (sent with the step). */
export interface DrawerDocument {
  id: number;
  number: string;
  version: number;
}

/** The toasts of the drawer's steps. */
export interface DrawerToasts {
  posted: string;
  postFailed: string;
  deleted: string;
  deleteFailed: string;
}

/**
 * The state of a document's drawer: the document (`queryKey` is its URL), the step asked to be confirmed, the
 * failure shown above the body, and the steps 'Провести' (`post`) and 'Видалити' (`remove`). After a step the new
 * copy replaces the open one and the lists (`isListQuery`) are asked again; a refused post reloads the document.
 */
export function useDocumentDrawer<T extends DrawerDocument>({
  queryKey,
  isListQuery,
  toasts,
  post,
  remove,
  onClose,
}: {
  queryKey: QueryKey;
  isListQuery: (query: Query) => boolean;
  toasts: DrawerToasts;
  post: (doc: T) => Promise<T>;
  remove: (doc: T) => Promise<unknown>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery<T>({ queryKey, gcTime: 0 });
  const doc = query.data;
  const [confirming, setConfirming] = useState<DrawerConfirming>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** A step's answer: the drawer shows it, the lists are asked again. */
  function changed(next: T) {
    queryClient.setQueryData(queryKey, next);
    void queryClient.invalidateQueries({ predicate: isListQuery });
  }

  const posting = useMutation({
    mutationFn: post,
    onMutate: () => setFailure(null),
    onSuccess: (posted) => {
      setConfirming(null);
      toast({ title: toasts.posted, description: posted.number });
      changed(posted);
    },
    onError: (error) => {
      setConfirming(null);
      setFailure(serverMessageOf(error) ?? toasts.postFailed);
      void query.refetch();
    },
  });
  const removing = useMutation({
    mutationFn: remove,
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast({ title: toasts.deleted, description: doc?.number });
      void queryClient.invalidateQueries({ predicate: isListQuery });
      onClose();
    },
    onError: (error) => {
      setConfirming(null);
      setFailure(serverMessageOf(error) ?? toasts.deleteFailed);
    },
  });

  return {
    query,
    doc,
    confirming,
    setConfirming,
    failure,
    setFailure,
    changed,
    post: posting,
    remove: removing,
    /** A step under way: the drawer does not close. */
    busy: posting.isPending || removing.isPending,
    onClose,
  };
}

export type DocumentDrawerState<T extends DrawerDocument> = ReturnType<typeof useDocumentDrawer<T>>;

/** The texts of the confirmation before posting. */
export interface PostConfirmTexts {
  title: string;
  description: ReactNode;
  confirm: string;
  cancel: string;
}

/** 'Скасувати' of a posted document: the dialog's words, the contract's words for a missing reason, the request. */
export interface CancelTexts<T> {
  texts: { title: string; confirm: string; cancel: string; reason: string; reasonPlaceholder: string };
  description: ReactNode;
  requiredMessage: string;
  toasts: { cancelled: string; cancelFailed: string };
  cancel: (reason: string) => Promise<T>;
}

/**
 * The drawer: its title and status (the document's, once loaded), the description, the failure and the body — or
 * the loading and load error — then the footer; and the confirmations of posting, deleting and cancelling.
 * `busy` (the drawer's own steps by default) keeps it open while a request runs.
 */
export function DocumentDrawer<T extends DrawerDocument>({
  state,
  title,
  status,
  description,
  loadTexts,
  busy = state.busy,
  footerClassName = 'border-t sm:flex-row sm:justify-end',
  footer,
  confirmPost,
  cancel,
  children,
}: {
  state: DocumentDrawerState<T>;
  title: string;
  status: ReactNode;
  description: string;
  loadTexts: DocumentLoadTexts;
  busy?: boolean;
  footerClassName?: string;
  /** The footer's content for the loaded document; null for none. */
  footer: (doc: T) => ReactNode;
  confirmPost: (doc: T) => PostConfirmTexts;
  cancel: (doc: T) => CancelTexts<T>;
  children: (doc: T) => ReactNode;
}) {
  const { doc, query, confirming, setConfirming, failure, changed } = state;
  const footerContent = doc ? footer(doc) : null;
  const posting = doc && confirming === 'post' ? confirmPost(doc) : null;
  const cancelling = doc && confirming === 'cancel' ? cancel(doc) : null;

  return (
    <Sheet open onOpenChange={(open) => !open && !busy && state.onClose()}>
      <SheetContent className="w-full gap-0 sm:max-w-2xl">
        <SheetHeader className="border-b">
          <SheetTitle className="flex flex-wrap items-center gap-2 pr-8">
            {title}
            {doc ? status : null}
          </SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto p-4">
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          {doc ? children(doc) : <DocumentLoadState query={query} texts={loadTexts} />}
        </div>
        {footerContent ? <SheetFooter className={cn(footerClassName)}>{footerContent}</SheetFooter> : null}
      </SheetContent>

      {doc && posting ? (
        <ConfirmDialog
          title={posting.title}
          description={posting.description}
          confirmLabel={posting.confirm}
          cancelLabel={posting.cancel}
          pending={state.post.isPending}
          onConfirm={() => state.post.mutate(doc)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {doc && confirming === 'delete' ? (
        <DeleteDraftDialog
          number={doc.number}
          pending={state.remove.isPending}
          onConfirm={() => state.remove.mutate(doc)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {cancelling ? (
        <CancelDocumentDialog
          texts={cancelling.texts}
          description={cancelling.description}
          requiredMessage={cancelling.requiredMessage}
          toasts={cancelling.toasts}
          cancel={cancelling.cancel}
          onCancelled={(cancelled) => {
            setConfirming(null);
            changed(cancelled);
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Sheet>
  );
}

/**
 * The drawer of a document with tabs (an order, an MO, a repair): its title with the badges, the description, then
 * the document (`children`) once loaded — or the loading and load error; `dialogs` are the drawer's confirmations.
 * `busy` keeps it open while a request runs.
 */
export function DocumentSheet<T>({
  doc,
  query,
  loadTexts,
  title,
  badges,
  description,
  className = 'sm:max-w-4xl',
  bodyClassName = 'gap-5',
  busy = false,
  onClose,
  dialogs,
  children,
}: {
  doc: T | undefined;
  query: DocumentDialogState['query'];
  loadTexts: DocumentLoadTexts;
  title: string;
  badges?: ReactNode;
  description: string;
  /** The drawer's width. */
  className?: string;
  /** The gap between the body's parts. */
  bodyClassName?: string;
  busy?: boolean;
  onClose: () => void;
  dialogs?: ReactNode;
  children: (doc: T) => ReactNode;
}) {
  return (
    <Sheet open onOpenChange={(open) => !open && !busy && onClose()}>
      <SheetContent className={cn('w-full overflow-y-auto', className)}>
        <SheetHeader className="pr-10">
          <SheetTitle className="flex flex-wrap items-center gap-2">
            {title}
            {doc ? badges : null}
          </SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className={cn('grid min-w-0 px-4 pb-6', bodyClassName)}>
          {doc ? children(doc) : <DocumentLoadState query={query} texts={loadTexts} />}
        </div>
      </SheetContent>
      {dialogs}
    </Sheet>
  );
}

/** A tab of a document's drawer: its name and what it shows. */
export interface DocumentTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The tabs of a document's drawer, the first one open; `scroll`: the tab list scrolls sideways when it is wider than
 * the drawer (many tabs), otherwise it fills the width.
 */
export function DocumentTabs({ tabs, scroll = true }: { tabs: readonly DocumentTab[]; scroll?: boolean }) {
  const list = (
    <TabsList className={scroll ? 'w-max justify-start' : 'w-full justify-start'}>
      {tabs.map((tab) => (
        <TabsTrigger key={tab.value} value={tab.value}>
          {tab.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
  return (
    <Tabs defaultValue={tabs[0]?.value} className="min-w-0">
      {scroll ? <div className="min-w-0 overflow-x-auto">{list}</div> : list}
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
