"""Task results (hints)."""

from celery.result import AsyncResult
from flask import current_app
from flask.views import MethodView
from .blueprint import Blueprint

from .errors import not_found
from .schemas import TaskOut

blp = Blueprint("tasks", __name__, url_prefix="/v1/tasks", description="Background tasks")


@blp.route("/<task_id>")
class Task(MethodView):
    @blp.response(200, TaskOut)
    def get(self, task_id):
        """A task's state (PENDING, STARTED, SUCCESS, FAILURE) and result."""
        games = current_app.extensions["spielwerk"]
        if not games.store.task_known(task_id):
            raise not_found("task")
        result = AsyncResult(task_id, app=games.dispatcher.app)
        state = result.state
        value = result.result if state == "SUCCESS" else None
        return {"state": state, "result": value}
