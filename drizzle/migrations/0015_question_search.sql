-- The question bank's search (GET /api/admin/questions/search, docs/decisions/0251-question-bank-search.md):
-- an FTS5 index of question texts with the trigram tokenizer, so any 3+ character fragment of a word finds
-- its questions without scanning the table. External content (the texts live once, in `questions`); the
-- triggers keep it in step with every insert, text edit and delete, in the writer's own transaction.
CREATE VIRTUAL TABLE `questions_search` USING fts5(`text`, content='questions', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `questions_search` (`rowid`, `text`) SELECT `rowid`, `text` FROM `questions`;
--> statement-breakpoint
CREATE TRIGGER `questions_search_insert` AFTER INSERT ON `questions` BEGIN INSERT INTO `questions_search` (`rowid`, `text`) VALUES (NEW.`rowid`, NEW.`text`); END;
--> statement-breakpoint
CREATE TRIGGER `questions_search_delete` AFTER DELETE ON `questions` BEGIN INSERT INTO `questions_search` (`questions_search`, `rowid`, `text`) VALUES ('delete', OLD.`rowid`, OLD.`text`); END;
--> statement-breakpoint
CREATE TRIGGER `questions_search_update` AFTER UPDATE OF `text` ON `questions` BEGIN INSERT INTO `questions_search` (`questions_search`, `rowid`, `text`) VALUES ('delete', OLD.`rowid`, OLD.`text`); INSERT INTO `questions_search` (`rowid`, `text`) VALUES (NEW.`rowid`, NEW.`text`); END;
