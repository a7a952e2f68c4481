"""The tool manager: registers tools, makes their checkable actions (one key each), shows
the current tool's options, and routes the canvas's mouse and key events to it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QGraphicsView, QLabel, QStackedWidget, QToolBar, QWidget

from .base import Tool, ToolContext, ToolEvent


class ToolManager(QObject):
    tool_changed = Signal(object)

    def __init__(self, ctx: ToolContext, parent: QWidget):
        super().__init__(parent)
        self.ctx = ctx
        self.tools: list[Tool] = []
        self.actions: dict[Tool, QAction] = {}
        self.current: Tool | None = None
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.toolbar = QToolBar("Tools")
        self.toolbar.setObjectName("tools_toolbar")
        self.options_bar = QToolBar("Tool options")
        self.options_bar.setObjectName("tool_options_toolbar")
        self.options_title = QLabel()
        self.options_stack = QStackedWidget()
        self._empty = QWidget()
        self.options_stack.addWidget(self._empty)
        self.options_bar.addWidget(self.options_title)
        self.options_bar.addWidget(self.options_stack)
        view = ctx.view
        # tools do their own selection and rubber band
        view.setDragMode(QGraphicsView.DragMode.NoDrag)
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)
        ctx.scene.rebuilt.connect(self._on_rebuilt)

    def register(self, tool: Tool) -> QAction:
        action = QAction(tool.name, self.parent())
        action.setCheckable(True)
        if tool.key:
            action.setShortcut(QKeySequence(tool.key))
        action.setToolTip(f"{tool.name} ({tool.key})" if tool.key else tool.name)
        action.setStatusTip(tool.tip)
        action.triggered.connect(lambda _checked=False, t=tool: self.set_tool(t))
        self.group.addAction(action)
        self.toolbar.addAction(action)
        self.tools.append(tool)
        self.actions[tool] = action
        options = tool.options_widget()
        if options is not None:
            self.options_stack.addWidget(options)
        if self.current is None:
            self.set_tool(tool)
        return action

    def tool(self, cls: type) -> Tool:
        """The registered tool of a class (the first one)."""
        return next(t for t in self.tools if type(t) is cls)

    def tool_named(self, name: str) -> Tool:
        return next(t for t in self.tools if t.name == name)

    def set_tool(self, tool: Tool) -> None:
        if tool is self.current:
            self.actions[tool].setChecked(True)
            return
        if self.current is not None:
            self.current.deactivate()
        self.current = tool
        self.actions[tool].setChecked(True)
        options = tool.options_widget()
        self.options_stack.setCurrentWidget(options if options is not None else self._empty)
        self.options_title.setText(f" {tool.name}: " if options is not None else f" {tool.name} ")
        tool.activate()
        self.tool_changed.emit(tool)

    def cancel(self) -> None:
        if self.current is not None:
            self.current.cancel()

    def _on_rebuilt(self) -> None:
        for tool in self.tools:
            tool.model_changed()

    # -- events --------------------------------------------------------------------------
    def _event(self, event: QMouseEvent) -> ToolEvent:
        pos = event.position()
        scene = self.ctx.view.mapToScene(pos.toPoint())
        return ToolEvent((scene.x(), scene.y()), pos, event.button(), event.buttons(), event.modifiers())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        tool = self.current
        if tool is None or self.ctx.sheet is None:
            return False
        view = self.ctx.view
        kind = event.type()
        if watched is view.viewport() and isinstance(event, QMouseEvent):
            if event.button() == Qt.MouseButton.MiddleButton or event.buttons() & Qt.MouseButton.MiddleButton:
                return False  # the view pans
            if kind == QEvent.Type.MouseButtonPress:
                view.setFocus(Qt.FocusReason.MouseFocusReason)
                tool.mouse_press(self._event(event))
                return True
            if kind == QEvent.Type.MouseMove:
                tool.mouse_move(self._event(event))
                return False  # the view still reports the cursor position
            if kind == QEvent.Type.MouseButtonRelease:
                tool.mouse_release(self._event(event))
                return True
            if kind == QEvent.Type.MouseButtonDblClick:
                tool.mouse_double_click(self._event(event))
                return True
        if watched is view and kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            return tool.key_press(event.key(), event.modifiers())
        return False
