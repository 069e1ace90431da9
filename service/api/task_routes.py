"""Routes of task results (hints)."""

from flask import current_app
from flask.views import MethodView

from .blueprint import Blueprint
from .schemas import TaskOut

blp = Blueprint("tasks", __name__, url_prefix="/v1/tasks", description="Background tasks")


@blp.route("/<task_id>")
class Task(MethodView):
    @blp.response(200, TaskOut)
    def get(self, task_id):
        """A task's state (PENDING, STARTED, SUCCESS, FAILURE) and result."""
        return current_app.extensions["spielwerk"].task(task_id)
