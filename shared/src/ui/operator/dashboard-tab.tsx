import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import { DASHBOARD_LIST_SIZE } from '../../domain/constants';
import { adminKeys } from './admin-keys';
import { recentFirst } from './format';
import { ActiveBadge, Badge, Button, Card, ErrorText, QueryState } from './primitives';
import { QuestionDialog } from './question-dialog';
import { TopicDialog } from './topic-dialog';

export function DashboardTab({ api }: { api: ApiClient }) {
  const stats = useQuery({
    queryKey: adminKeys.dashboardStats,
    queryFn: () => api.admin.dashboardStats(),
    refetchOnMount: 'always',
  });
  const topics = useQuery({ queryKey: adminKeys.topics, queryFn: () => api.admin.topics() });
  const questions = useQuery({ queryKey: adminKeys.questions, queryFn: () => api.admin.questions() });
  const [topicOpen, setTopicOpen] = useState(false);
  const [questionOpen, setQuestionOpen] = useState(false);

  const tiles = [
    { label: 'Total Topics', value: stats.data?.totalTopics },
    { label: 'Total Questions', value: stats.data?.totalQuestions },
    { label: 'Total Users', value: stats.data?.totalUsers },
    { label: 'Active Users (7d)', value: stats.data?.activeUsers7d },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      {stats.error ? <ErrorText error={stats.error} /> : null}
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Totals">
        {tiles.map((tile) => (
          <li
            key={tile.label}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            data-testid="stat-tile"
          >
            <p className="text-sm font-medium text-slate-600">{tile.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
              {tile.value === undefined ? (
                <span className="text-slate-300">—</span>
              ) : (
                tile.value.toLocaleString('en-US')
              )}
            </p>
          </li>
        ))}
      </ul>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card
          title="Topics"
          description={`First ${DASHBOARD_LIST_SIZE} topics`}
          actions={
            <Button size="sm" variant="primary" onClick={() => setTopicOpen(true)}>
              + Add Topic
            </Button>
          }
        >
          <QueryState query={topics} loadingLabel="Loading topics..." empty="No topics created yet">
            {(data) => (
              <ul className="divide-y divide-slate-100">
                {data.slice(0, DASHBOARD_LIST_SIZE).map((topic) => (
                  <li key={topic.id} className="flex items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{topic.title}</p>
                      <p className="text-sm text-slate-600">{topic.category}</p>
                    </div>
                    <ActiveBadge active={topic.isActive} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </Card>

        <Card
          title="Recent Questions"
          description={`Latest ${DASHBOARD_LIST_SIZE} questions`}
          actions={
            <Button size="sm" variant="primary" onClick={() => setQuestionOpen(true)}>
              + Add Question
            </Button>
          }
        >
          <QueryState query={questions} loadingLabel="Loading questions..." empty="No questions created yet">
            {(data) => (
              <ul className="divide-y divide-slate-100">
                {recentFirst(data)
                  .slice(0, DASHBOARD_LIST_SIZE)
                  .map((question) => (
                    <li key={question.id} className="py-3">
                      <p className="line-clamp-2 font-medium text-slate-900">{question.text}</p>
                      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                        <Badge tone="brand">
                          {question.type === 'numeric' ? 'Numeric' : 'Multiple Choice'}
                        </Badge>
                        {question.type === 'numeric' && question.numericUnit ? (
                          <Badge tone="tea">{question.numericUnit}</Badge>
                        ) : null}
                        <span className="text-xs text-slate-600">
                          {question.topic.title} · {question.date}
                        </span>
                      </div>
                    </li>
                  ))}
              </ul>
            )}
          </QueryState>
        </Card>
      </div>

      <TopicDialog api={api} open={topicOpen} onClose={() => setTopicOpen(false)} />
      <QuestionDialog api={api} open={questionOpen} onClose={() => setQuestionOpen(false)} />
    </div>
  );
}
